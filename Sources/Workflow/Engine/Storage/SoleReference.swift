/// Whether the runtime's own reference to an object it is about to reuse is
/// the only one: no other strong reference, and no weak or unowned one. A
/// render context (R5) and an ended side effect's lifetime are reused only
/// then, so that nothing a user kept, however weakly, comes back to life
/// for another node or side effect.
///
/// Why the standard library's underscored entry points: a weak or unowned
/// reference is not a strong one, so `isKnownUniquelyReferenced` does not
/// see it, and no public API counts them. `_getWeakRetainCount` and
/// `_getUnownedRetainCount` do, through the runtime's own functions: they
/// read no object layout here. They are used in this file only.
@usableFromInline
enum SoleReference {
    /// Whether the object whose one retain `held` carries has no other
    /// reference of any kind. The retain moves into a variable for the test,
    /// which is then the one strong reference the test expects, and back:
    /// no retain or release is made.
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
