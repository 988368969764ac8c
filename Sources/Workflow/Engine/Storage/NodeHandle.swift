/// A node as code outside the arena keeps it: positions are reused, so a
/// handle whose generation differs from the record's is stale.
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
