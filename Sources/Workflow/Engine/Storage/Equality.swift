/// `==` for a type known only at run time to be Equatable, found once per
/// type by a dynamic cast. A class gets none and counts as changed (S1, S2):
/// its "old" value is the same object, so one changed in place equals itself.
@usableFromInline
package enum Equality {
    @usableFromInline
    package static func of<T>(_ type: T.Type) -> ((T, T) -> Bool)? {
        guard !(type is AnyObject.Type), let equatable = type as? any Equatable.Type else { return nil }
        return equatable.equality(as: type)
    }

    /// S1: whether an action's effect on a `T` state is found with `==`: for
    /// a trivial state, or any with `renderOnlyIfStateChanged`. The old value
    /// of one holding references would make the first in-place change copy it.
    @inlinable
    package static func comparesChanges<T>(of type: T.Type, everyComparableState: Bool) -> Bool {
        comparesChanges(of: type, equality: of(type), everyComparableState: everyComparableState)
    }

    /// `comparesChanges` for a caller that holds `of(type)` already.
    @inlinable
    package static func comparesChanges<T>(
        of type: T.Type, equality: ((T, T) -> Bool)?, everyComparableState: Bool
    ) -> Bool {
        (_isPOD(type) || everyComparableState) && equality != nil
    }
}

extension Equatable {
    fileprivate static func equality<T>(as: T.Type) -> (T, T) -> Bool {
        // T is Self here (the cast above proved it), so the bit casts are moves.
        { lhs, rhs in unsafeBitCast(lhs, to: Self.self) == unsafeBitCast(rhs, to: Self.self) }
    }
}
