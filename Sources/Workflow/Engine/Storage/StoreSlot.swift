/// A node's place in its workflow type's typed store.
@usableFromInline
struct StoreSlot {
    /// The place, as the record stores it (4 bytes).
    @usableFromInline var rawValue: Int32

    @inlinable
    init(position: Int) {
        rawValue = Int32(truncatingIfNeeded: position)
    }

    /// No slot yet: a node that is starting.
    @inlinable
    static var none: StoreSlot { StoreSlot(position: -1) }

    @inlinable
    var position: Int { Int(rawValue) }
}
