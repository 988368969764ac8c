import Workflow

/// A node's running side effects (R11, R12): a lifetime per key, in the
/// order they started, which is the order they end in.
///
/// Methods that end side effects hand the lifetimes back instead of ending
/// them, so that `onEnded` closures never run while the node's storage is
/// being mutated.
struct ReferenceSideEffects {
    /// In start order.
    private var running: [(key: AnyHashable, lifetime: Lifetime)] = []
    /// The same lifetimes by key, except those whose key is not equal to
    /// itself: no look-up finds those, so they start anew in every pass.
    private var byKey: [AnyHashable: Lifetime] = [:]

    /// The lifetime of `key`, and whether it is new (the caller then runs
    /// the side effect with it).
    mutating func lifetime(for key: AnyHashable) -> (lifetime: Lifetime, isNew: Bool) {
        if let running = byKey[key] {
            return (running, false)
        }
        let lifetime = Lifetime()
        if key == key {
            byKey[key] = lifetime
        }
        running.append((key, lifetime))
        return (lifetime, true)
    }

    /// Forgets the side effects whose lifetime is not in `kept` (the ones a
    /// pass asked for) and returns their lifetimes in start order, to be
    /// ended.
    mutating func remove(keepingOnly kept: Set<ObjectIdentifier>) -> [Lifetime] {
        guard running.count != kept.count else { return [] }
        var removed: [Lifetime] = []
        running.removeAll { entry in
            if kept.contains(ObjectIdentifier(entry.lifetime)) { return false }
            removed.append(entry.lifetime)
            // A key not equal to itself was never indexed.
            byKey[entry.key] = nil
            return true
        }
        return removed
    }

    /// Forgets every side effect and returns the lifetimes in start order.
    mutating func removeAll() -> [Lifetime] {
        let removed = running.map(\.lifetime)
        running = []
        byKey = [:]
        return removed
    }
}
