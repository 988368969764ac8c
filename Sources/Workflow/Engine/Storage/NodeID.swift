/// A node's position in the arena, or `none`. Positions are reused;
/// `NodeHandle` adds the generation that tells their nodes apart.
@usableFromInline
struct NodeID: Hashable {
    @usableFromInline var rawValue: Int32

    @inlinable
    init(rawValue: Int32) {
        self.rawValue = rawValue
    }

    @inlinable
    init(position: Int) {
        rawValue = Int32(truncatingIfNeeded: position)
    }

    @inlinable
    static var none: NodeID { NodeID(rawValue: -1) }

    @inlinable
    var isNone: Bool { rawValue < 0 }

    /// Where the node is in the arena and in per-node tables.
    @inlinable
    var position: Int { Int(rawValue) }
}
