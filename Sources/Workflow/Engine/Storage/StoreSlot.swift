/// A node's place in the typed store of its workflow type, where its
/// workflow value, state and rendering are.
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

    /// Where the slot is in the store's buffers.
    @inlinable
    var position: Int { Int(rawValue) }
}
