/// Lifetimes of ended side effects that nothing else can reach, kept for
/// the next side effect a host starts: a screen that appears again, or a
/// host made after one ended, starts its side effects without an
/// allocation each, and ending them frees nothing.
///
/// A lifetime joins only when its list held the last reference to it: no
/// other strong, weak or unowned reference (a user who kept it, even
/// weakly, sees it ended for good). It joins ended, with its `onEnded`
/// actions run and released and its key released (where `onEnded` actions
/// run, so a key's deinit runs where user code may); it leaves made new, so
/// that a side effect cannot tell it from a fresh one.
///
/// Only the main queue touches the spares (R22: a runtime made there runs
/// there; `FastRuntime.keepsLifetimeSpares`). The list runs through the
/// lifetimes (`nextSideEffect`), each carrying one retain.
///
/// Memory: at most `maximumCount` lifetimes; more are freed.
///
/// A cache that outlives hosts, kept because it pays for itself where a
/// screen's host ends and another starts (W8 tear down: 26.8% more instructions
/// without it on the squarish tree, 24.3% on the bushy one).
enum SideEffectLifetimeSpares {
    /// The most lifetimes kept.
    static var maximumCount: Int { 4096 }

    /// The spares, newest first, and how many there are. Main queue only
    /// (see above). Unchecked: a static variable's dynamic check is a call
    /// per access, and no access calls out while it lasts.
    @exclusivity(unchecked) nonisolated(unsafe)
    static var list: (first: Unmanaged<SideEffectLifetime>?, count: Int) = (nil, 0)

    /// How many spares wait.
    static var count: Int { list.count }

    /// A spare made new for `key`, first asked for in `pass`, carrying one
    /// retain for the caller; nil when none is left. Its old key is `.int`
    /// (see `keep`): writing the new one releases nothing.
    static func take(key: SideEffectKey, pass: UInt32) -> Unmanaged<SideEffectLifetime>? {
        guard let entry = list.first else { return nil }
        entry.withGuaranteedRef { lifetime in
            list.first = lifetime.nextSideEffect
            lifetime.nextSideEffect = nil
            lifetime.key = key
            lifetime.seenInPass = pass
            lifetime.restart()
        }
        list.count -= 1
        return entry
    }

    /// Keeps an ended lifetime (out of its node's list), whose one retain
    /// `entry` carries, if nothing else can reach it and there is room; else
    /// gives that retain back.
    static func keep(_ entry: Unmanaged<SideEffectLifetime>) {
        // Released here, among the `onEnded` actions; `.int` owns nothing.
        // The key's release can run user code that ends side effects too,
        // so the room is looked at after it.
        entry.withGuaranteedRef { $0.key = .int(0) }
        guard list.count < maximumCount else {
            entry.release()
            return
        }
        // The retain `entry` carries moves to the list as it is.
        var entry = entry
        guard SoleReference.isSole(&entry) else {
            entry.release()
            return
        }
        push(entry)
    }

    /// Puts `entry`, with the retain it carries, first on the list.
    private static func push(_ entry: Unmanaged<SideEffectLifetime>) {
        entry.withGuaranteedRef { $0.nextSideEffect = list.first }
        list.first = entry
        list.count += 1
    }

    /// Frees every spare. An ended lifetime with a key that owns nothing
    /// runs no user code as it goes.
    static func discard() {
        while let entry = list.first {
            list.first = entry.withGuaranteedRef { $0.nextSideEffect }
            entry.withGuaranteedRef { $0.nextSideEffect = nil }
            entry.release()
        }
        list.count = 0
    }
}
