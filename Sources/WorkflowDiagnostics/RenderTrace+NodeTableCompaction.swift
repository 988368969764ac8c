// The node table grows with every node a host starts. When it has doubled
// since it was last compacted, and no pass is open, the entries no kept pass
// and no live node names are dropped and the rest renumbered: a tree that
// churns (rows replaced by new rows) keeps a table the size of what the
// trace still holds. Amortised, a constant per node started.

extension TraceStore {
    /// The node table has more than doubled since it was last compacted.
    var nodeTableOutgrewCompaction: Bool {
        table.count > 2 * tableCountAfterCompaction + 4096
    }
}

extension RenderTrace {
    func compactNodeTableIfDue() {
        let store = store
        let count = store.pointee.table.count
        guard store.pointee.nodeTableOutgrewCompaction,
              store.pointee.ringWriter == nil, store.pointee.pending.isEmpty,
              !store.pointee.recorders.values.contains(where: { $0.takeUnretainedValue().isInPass })
        else { return }
        var used = [Bool](repeating: false, count: count)
        store.pointee.ring.forEachEntry { used[Int($0)] = true }
        for summary in store.pointee.summaries.values {
            for render in summary.slowest { used[Int(render.entry)] = true }
        }
        for recorder in store.pointee.recorders.values {
            recorder.takeUnretainedValue().usesEntries { used[Int($0)] = true }
        }
        let remap = store.pointee.table.compact { used[Int($0)] }
        store.pointee.ring.remapEntries(remap)
        for id in Array(store.pointee.summaries.keys) {
            for index in store.pointee.summaries[id]!.slowest.indices {
                let entry = store.pointee.summaries[id]!.slowest[index].entry
                store.pointee.summaries[id]!.slowest[index].entry = remap[Int(entry)]
            }
        }
        for recorder in store.pointee.recorders.values {
            recorder.takeUnretainedValue().remapEntries(remap)
        }
        store.pointee.tableCountAfterCompaction = store.pointee.table.count
    }
}
