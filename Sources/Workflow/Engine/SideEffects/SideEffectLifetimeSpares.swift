/// Lifetimes of ended side effects that nothing else can reach, so the next
/// side effects a host starts allocate nothing (W8 tear down: 26.8% more
/// instructions without it on the squarish tree, 24.3% on the bushy one).
/// A lifetime joins only when its list held the last reference, strong,
/// weak or unowned, with its `onEnded` actions and key released where user
/// code may run; it leaves made new. Main queue only (R22: a runtime made
/// there runs there; `FastRuntime.keepsLifetimeSpares`). Listed through
/// `nextSideEffect`, each carrying one retain.
enum SideEffectLifetimeSpares {
    /// The most lifetimes kept.
    static var maximumCount: Int { 4096 }

    /// Newest first. Unchecked: a static's dynamic check is a call per
    /// access, and no access calls out while it lasts.
    @exclusivity(unchecked) nonisolated(unsafe)
    static var list: (first: Unmanaged<SideEffectLifetime>?, count: Int) = (nil, 0)

    /// How many spares wait.
    static var count: Int { list.count }

    /// A spare made new for `key` and `pass`, with a retain for the caller, or
    /// nil; its old key, `.int`, owns nothing, so the write releases nothing.
    static func take(key: SideEffectKey, pass: UInt32) -> Unmanaged<SideEffectLifetime>? {
        guard let entry = list.first else { return nil }
        entry.withGuaranteedRef { lifetime in
            list.first = lifetime.nextSideEffect
            lifetime.nextSideEffect = nil
            lifetime.setKey(key)
            lifetime.seenInPass = pass
            lifetime.restart()
        }
        list.count -= 1
        return entry
    }

    /// Keeps an ended lifetime, out of its list, with the retain `entry`
    /// carries, if nothing else reaches it and there is room; else releases.
    static func keep(_ entry: Unmanaged<SideEffectLifetime>) {
        // Released here, among the `onEnded` actions (`.int` owns nothing);
        // the key's deinit may end side effects too, so room is checked after.
        entry.withGuaranteedRef { $0.clearKey() }
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

    /// Frees every spare; with keys that own nothing, no user code runs.
    static func discard() {
        while let entry = list.first {
            list.first = entry.withGuaranteedRef { $0.nextSideEffect }
            entry.withGuaranteedRef { $0.nextSideEffect = nil }
            entry.release()
        }
        list.count = 0
    }
}
