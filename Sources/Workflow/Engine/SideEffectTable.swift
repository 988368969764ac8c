/// A node's side effects in the order they started (R11, R12): the order in
/// which they end. Made on the node's first `runSideEffect`.
@usableFromInline
final class SideEffectTable {
    struct Entry {
        let key: SideEffectKey
        let lifetime: Lifetime
        var seenInPass: UInt32
    }

    @exclusivity(unchecked) var entries: [Entry] = []
    /// Key to entry index; built only for nodes with many side effects.
    @exclusivity(unchecked) var index: [SideEffectKey: Int]?

    init() {}

    func find(_ key: SideEffectKey) -> Int? {
        if let index { return index[key] }
        return entries.firstIndex { $0.key == key }
    }

    func add(_ key: SideEffectKey, lifetime: Lifetime, pass: UInt32) {
        entries.append(Entry(key: key, lifetime: lifetime, seenInPass: pass))
        if index != nil {
            index![key] = entries.count - 1
        } else if entries.count > 16 {
            rebuildIndex()
        }
    }

    /// Ends the side effects the pass did not ask for, in start order.
    func endUnseen(pass: UInt32) {
        guard entries.contains(where: { $0.seenInPass != pass }) else { return }
        let ended = entries.filter { $0.seenInPass != pass }
        entries.removeAll { $0.seenInPass != pass }
        if index != nil { rebuildIndex() }
        for entry in ended {
            entry.lifetime.end()
        }
    }

    /// Ends every side effect, in start order: the node is ending.
    func endAll() {
        let ended = entries
        entries = []
        index = nil
        for entry in ended {
            entry.lifetime.end()
        }
    }

    private func rebuildIndex() {
        var index = [SideEffectKey: Int](minimumCapacity: entries.count)
        for (position, entry) in entries.enumerated() {
            index[entry.key] = position
        }
        self.index = index
    }
}
