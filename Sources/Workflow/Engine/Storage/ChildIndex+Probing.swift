extension FastRuntime {
    /// The child of `parent` with this store (type) and key, or -1.
    @usableFromInline
    func indexedChild(parent: Int32, store: UInt16, key: String) -> Int32 {
        let hash = ChildIndex.hash(parent: parent, store: store, key: key)
        let mask = childIndex.mask
        var probe = Int(hash) & mask
        while true {
            let entry = childIndex.entries[probe]
            if entry.node < 0 {
                // A new child follows: `indexNewChild` takes these.
                childIndex.lastMissHash = hash
                childIndex.lastMissEntry = probe
                childIndex.lastMissCount = childIndex.count
                return -1
            }
            if entry.hash == hash {
                let node = Int(entry.node)
                if nodes[node].parent == parent, nodes[node].store == store, nodes[key: node] == key {
                    return entry.node
                }
            }
            probe = (probe + 1) & mask
        }
    }

    /// Adds the child whose look-up just failed (`lastMissHash`).
    @usableFromInline
    func indexNewChild(_ node: Int32) {
        let hash = childIndex.lastMissHash
        nodes[Int(node)].indexHash = hash
        let entry = ChildIndex.Entry(node: node, hash: hash)
        if (childIndex.count + 1) * 2 > childIndex.capacity {
            growChildIndex()
            insert(entry)
        } else if childIndex.count == childIndex.lastMissCount {
            // The failed probe stopped at the first empty entry of its
            // cluster, where an insert would land, and nothing moved since.
            childIndex.entries[childIndex.lastMissEntry] = entry
        } else {
            insert(entry)
        }
        childIndex.count += 1
    }

    @usableFromInline
    func unindexChild(_ node: Int32) {
        let hash = nodes[Int(node)].indexHash
        let mask = childIndex.mask
        var hole = Int(hash) & mask
        while childIndex.entries[hole].node != node {
            precondition(childIndex.entries[hole].node >= 0, "child index lost a node")
            hole = (hole + 1) & mask
        }
        // Backward shift: pull later entries of the cluster into the hole
        // when their home slot is not between the hole and them.
        var next = (hole + 1) & mask
        while childIndex.entries[next].node >= 0 {
            let home = Int(childIndex.entries[next].hash) & mask
            if (next &- home) & mask >= (next &- hole) & mask {
                childIndex.entries[hole] = childIndex.entries[next]
                hole = next
            }
            next = (next + 1) & mask
        }
        childIndex.entries[hole] = ChildIndex.Entry(node: -1, hash: 0)
        childIndex.count -= 1
    }

    private func insert(_ entry: ChildIndex.Entry) {
        let mask = childIndex.mask
        var probe = Int(entry.hash) & mask
        while childIndex.entries[probe].node >= 0 {
            probe = (probe + 1) & mask
        }
        childIndex.entries[probe] = entry
    }

    /// Doubles the table; four times while it is small, where rehashing
    /// the same entries again soon costs more than the memory.
    private func growChildIndex() {
        let old = childIndex.entries
        let oldCapacity = childIndex.capacity
        let newCapacity = oldCapacity * (oldCapacity < 1 << 14 ? 4 : 2)
        childIndex.entries = .allocate(capacity: newCapacity)
        childIndex.entries.initialize(repeating: ChildIndex.Entry(node: -1, hash: 0), count: newCapacity)
        childIndex.capacity = newCapacity
        for k in 0..<oldCapacity where old[k].node >= 0 {
            insert(old[k])
        }
        old.deallocate()
    }
}
