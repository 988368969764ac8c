/// A node's side effects in start order, which is end order (R11, R12): a
/// list through their lifetimes, so a side effect costs one object. The list
/// owns one retain of each; past `indexThreshold` the node also gets a
/// `SideEffectIndex`.
@usableFromInline
struct SideEffectList {
    @usableFromInline var first: Unmanaged<SideEffectLifetime>?

    @inlinable
    init() {
        first = nil
    }

    @inlinable
    var isEmpty: Bool { first == nil }

    /// Lists longer than this get an index: a walk per look-up would make a
    /// pass quadratic in the node's side effects.
    static var indexThreshold: Int { 16 }

    /// The lifetime of `key`; else nil, with the last lifetime (where a new
    /// one joins) and the length of the list.
    func find(_ key: SideEffectKey) -> (found: SideEffectLifetime?, last: Unmanaged<SideEffectLifetime>?, count: Int) {
        var last: Unmanaged<SideEffectLifetime>?
        var count = 0
        var current = first
        while let entry = current {
            if entry.withGuaranteedRef({ $0.hasKey(key) }) {
                return (entry.takeUnretainedValue(), nil, 0)
            }
            last = entry
            count += 1
            current = entry.withGuaranteedRef { $0.nextSideEffect }
        }
        return (nil, last, count)
    }

    /// Links `entry` at the end, after `last`, taking over its retain.
    mutating func link(_ entry: Unmanaged<SideEffectLifetime>, after last: Unmanaged<SideEffectLifetime>?) {
        if let last {
            last.withGuaranteedRef { $0.nextSideEffect = entry }
        } else {
            first = entry
        }
    }

    /// Takes out, in order, the lifetimes not asked for in `pass` (all for
    /// nil): nothing ends here, so `onEnded` never sees the list half changed.
    mutating func remove(notSeenIn pass: UInt32?) -> SideEffectList {
        guard let pass else {
            defer { first = nil }
            return self
        }
        if allSeen(in: pass) { return SideEffectList() }
        var kept = Tail(), removed = Tail()
        var current = first
        while let entry = current {
            let seen = entry.withGuaranteedRef { lifetime in
                current = lifetime.nextSideEffect
                lifetime.nextSideEffect = nil
                return lifetime.seenInPass
            }
            if seen == pass {
                kept.append(entry)
            } else {
                removed.append(entry)
            }
        }
        first = kept.list.first
        return removed.list
    }

    /// Whether `pass` asked for every side effect again: the usual case.
    private func allSeen(in pass: UInt32) -> Bool {
        var current = first
        while let entry = current {
            let seen = entry.withGuaranteedRef { lifetime in
                current = lifetime.nextSideEffect
                return lifetime.seenInPass == pass
            }
            if !seen { return false }
        }
        return true
    }

    /// Ends, in order, the lifetimes `remove` took out; their retains go back
    /// or, with `keepsSpares` (main queue), to the spares.
    static func end(_ list: SideEffectList, keepsSpares: Bool) {
        var current = list.first
        while let entry = current {
            // The list's retain keeps the lifetime alive through `onEnded`,
            // then goes to the spares or is given back: none of its own.
            current = entry.withGuaranteedRef { lifetime in
                let next = lifetime.nextSideEffect
                lifetime.nextSideEffect = nil
                return next
            }
            entry.withGuaranteedRef { $0.end() }
            if keepsSpares {
                SideEffectLifetimeSpares.keep(entry)
            } else {
                entry.release()
            }
        }
    }

    #if DEBUG
    /// Gives back the retains of a list taken out by `remove` without
    /// ending its lifetimes (fault injection keeps them alive).
    static func release(_ list: SideEffectList) {
        var current = list.first
        while let entry = current {
            entry.withGuaranteedRef { lifetime in
                current = lifetime.nextSideEffect
                lifetime.nextSideEffect = nil
            }
            entry.release()
        }
    }
    #endif

    /// The last lifetime, where a new one joins.
    var last: Unmanaged<SideEffectLifetime>? {
        var last: Unmanaged<SideEffectLifetime>?
        var current = first
        while let entry = current {
            last = entry
            current = entry.withGuaranteedRef { $0.nextSideEffect }
        }
        return last
    }

    /// Calls `body` with each lifetime, in start order.
    func forEach(_ body: (SideEffectLifetime) -> Void) {
        var current = first
        while let entry = current {
            current = entry.withGuaranteedRef { $0.nextSideEffect }
            entry.withGuaranteedRef { body($0) }
        }
    }

    /// A list being built by appending.
    private struct Tail {
        var list = SideEffectList()
        var last: Unmanaged<SideEffectLifetime>?

        mutating func append(_ entry: Unmanaged<SideEffectLifetime>) {
            list.link(entry, after: last)
            last = entry
        }
    }
}
