/// A node's place in the typed store of its workflow type, where its
/// workflow value, state and rendering are.
@usableFromInline
struct StoreSlot {
    @usableFromInline var rawValue: Int32

    @inlinable
    init(rawValue: Int32) {
        self.rawValue = rawValue
    }

    @inlinable
    init(position: Int) {
        rawValue = Int32(truncatingIfNeeded: position)
    }

    /// No slot yet: a node that is starting.
    @inlinable
    static var none: StoreSlot { StoreSlot(rawValue: -1) }

    @inlinable
    var position: Int { Int(rawValue) }
}
