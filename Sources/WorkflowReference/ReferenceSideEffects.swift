import Workflow

/// A node's running side effects (R11, R12): a lifetime per key, and the keys
/// in the order they started, which is the order they end in.
///
/// Methods that end side effects hand the lifetimes back instead of ending
/// them, so that `onEnded` closures never run while the node's storage is
/// being mutated.
struct ReferenceSideEffects {
    private var lifetimes: [AnyHashable: Lifetime] = [:]
    private var startOrder: [AnyHashable] = []

    /// A new lifetime if `key` is not running (the caller runs the side
    /// effect with it), nil if it is (it keeps its lifetime).
    mutating func startIfNew(_ key: AnyHashable) -> Lifetime? {
        guard lifetimes[key] == nil else { return nil }
        let lifetime = Lifetime()
        lifetimes[key] = lifetime
        startOrder.append(key)
        return lifetime
    }

    /// Forgets the side effects whose key is not in `kept` and returns their
    /// lifetimes in start order, to be ended.
    mutating func remove(keepingOnly kept: Set<AnyHashable>) -> [Lifetime] {
        guard startOrder.count != kept.count else { return [] }
        var removed: [Lifetime] = []
        startOrder.removeAll { key in
            if kept.contains(key) { return false }
            removed.append(lifetimes.removeValue(forKey: key)!)
            return true
        }
        return removed
    }

    /// Forgets every side effect and returns the lifetimes in start order.
    mutating func removeAll() -> [Lifetime] {
        let removed = startOrder.map { lifetimes[$0]! }
        lifetimes = [:]
        startOrder = []
        return removed
    }
}
