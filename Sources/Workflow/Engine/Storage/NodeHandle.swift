/// The address of a node in the arena: a slot index and the generation of the
/// node that holds it. Slots are reused; a handle whose generation differs
/// from the slot's is stale, which is detected in O(1).
@usableFromInline
struct NodeHandle: Equatable {
    @usableFromInline var index: Int32
    @usableFromInline var generation: UInt32

    @inlinable
    init(index: Int32, generation: UInt32) {
        self.index = index
        self.generation = generation
    }
}
