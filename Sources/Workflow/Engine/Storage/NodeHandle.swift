/// A node as code outside the arena keeps it: its ID and the generation of
/// the node at that position. Positions are reused; a handle whose
/// generation differs from the record's is stale, which is detected in O(1).
@usableFromInline
struct NodeHandle: Equatable {
    @usableFromInline var id: NodeID
    @usableFromInline var generation: UInt32

    @inlinable
    init(id: NodeID, generation: UInt32) {
        self.id = id
        self.generation = generation
    }
}
