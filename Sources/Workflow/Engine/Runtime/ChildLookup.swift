/// What a parent's look-up of a child found: an existing child, or the
/// record of a new one that the look-up just took. One 32-bit word, the
/// existing child's node ID or a negative encoding of the new one, so that
/// the path of a child asked for again tests it as it would a node ID.
@usableFromInline
struct ChildLookup {
    @usableFromInline var rawValue: Int32

    /// An existing child.
    @inlinable
    init(existing node: NodeID) {
        rawValue = node.rawValue
    }

    /// A new child's record.
    @inlinable
    init(started node: NodeID) {
        rawValue = -2 - node.rawValue
    }

    /// Whether the child existed before the look-up.
    @inlinable
    var isExisting: Bool { rawValue >= 0 }

    /// The child, existing or new.
    @inlinable
    var node: NodeID { NodeID(rawValue: rawValue >= 0 ? rawValue : -2 - rawValue) }
}
