/// A child look-up's result: an existing child's node ID, or a negative
/// encoding of a new one's, so that the hot path tests it as a node ID.
@usableFromInline
struct ChildLookup {
    @usableFromInline var rawValue: Int32

    @inlinable
    init(existing node: NodeID) {
        rawValue = node.rawValue
    }

    @inlinable
    init(started node: NodeID) {
        rawValue = -2 - node.rawValue
    }

    @inlinable
    var isExisting: Bool { rawValue >= 0 }

    @inlinable
    var node: NodeID { NodeID(rawValue: rawValue >= 0 ? rawValue : -2 - rawValue) }
}
