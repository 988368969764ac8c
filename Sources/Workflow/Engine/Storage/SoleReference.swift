/// Whether the runtime's reference to an object it will reuse (a render
/// context, R5, or an ended side effect's lifetime) is the only one, strong,
/// weak or unowned, so nothing a user kept comes back to life. No public API
/// sees the last two; `_getWeakRetainCount` and `_getUnownedRetainCount`
/// count them (reading no layout here), and only this file uses them.
@usableFromInline
enum SoleReference {
    /// The retain `held` carries moves into a variable, the one strong
    /// reference the test expects, and back: no retain or release is made.
    @inlinable @inline(__always)
    static func isSole<Object: AnyObject>(_ held: inout Unmanaged<Object>) -> Bool {
        var object = held.takeRetainedValue()
        // An object without a weak or unowned reference reports 1 for
        // each: the count all its strong references hold together.
        let isSole = isKnownUniquelyReferenced(&object)
            && _getWeakRetainCount(object) <= 1 && _getUnownedRetainCount(object) <= 1
        held = Unmanaged.passRetained(object)
        return isSole
    }
}
