// Linear probing from the hash's home entry, backward-shift deletion; the
// table grows as children come and shrinks once most of them ended.

extension ChildIndex {
    /// Where a look-up ended: the child found, or `none` with the hash and
    /// the empty entry where that child goes.
    @usableFromInline
    struct Probe {
        var node: NodeID
        var hash: UInt32
        var entry: Int
    }

    /// The look-up of a child; the arena confirms an entry whose hash matches.
    @inline(__always)
    func probe(parent: NodeID, typeIndex: TypeIndex, key: String, in nodes: borrowing NodeArena) -> Probe {
        let hash = hash(parent: parent, typeIndex: typeIndex, key: key)
        let mask = mask
        var probe = Int(hash) & mask
        while true {
            let entry = _entries[probe]
            if entry.node.isNone {
                return Probe(node: .none, hash: hash, entry: probe)
            }
            if entry.hash == hash {
                let node = entry.node
                if nodes[node].parent == parent, nodes[node].typeIndex == typeIndex, nodes[keyOf: node] == key {
                    return Probe(node: node, hash: hash, entry: probe)
                }
            }
            probe = (probe + 1) & mask
        }
    }

    /// The child of `parent` with this type index and key, or `none`.
    @inline(__always)
    func find(parent: NodeID, typeIndex: TypeIndex, key: String, in nodes: borrowing NodeArena) -> NodeID {
        probe(parent: parent, typeIndex: typeIndex, key: key, in: nodes).node
    }

    /// Adds `node`, the child whose look-up `probe` just missed, with
    /// nothing added or removed since.
    @inline(__always)
    mutating func insert(_ node: NodeID, after probe: Probe) {
        let entry = Entry(node: node, hash: probe.hash)
        if (_count + 1) * 2 > _capacity {
            grow()
            insert(entry)
        } else {
            _entries[probe.entry] = entry
        }
        _count += 1
    }

    /// Removes `node`, added with `hash`.
    mutating func remove(_ node: NodeID, hash: UInt32) {
        let mask = mask
        var hole = Int(hash) & mask
        while _entries[hole].node != node {
            precondition(!_entries[hole].node.isNone, "child index lost a node")
            hole = (hole + 1) & mask
        }
        // Backward shift: pull later entries of the cluster into the hole
        // when their home entry is not between the hole and them.
        var next = (hole + 1) & mask
        while !_entries[next].node.isNone {
            let home = Int(_entries[next].hash) & mask
            if (next &- home) & mask >= (next &- hole) & mask {
                _entries[hole] = _entries[next]
                hole = next
            }
            next = (next + 1) & mask
        }
        _entries[hole] = Entry(node: .none, hash: 0)
        _count -= 1
    }

    private func insert(_ entry: Entry) {
        let mask = mask
        var probe = Int(entry.hash) & mask
        while !_entries[probe].node.isNone {
            probe = (probe + 1) & mask
        }
        _entries[probe] = entry
    }

    /// Doubles the table; four times while it is small, where rehashing
    /// the same entries again soon costs more than the memory.
    private mutating func grow() {
        rehash(capacity: _capacity * (_capacity < 1 << 14 ? 4 : 2))
    }

    /// Rehashes a sparse table into the smallest with load at most 1/4 and
    /// room for `minimum` at 1/2, if smaller: the children must double before
    /// it grows again, and a table just quadrupled (1/8 full) stays.
    mutating func shrinkIfSparse(keepingRoomFor minimum: Int) {
        var newCapacity = 16
        while newCapacity < 4 * _count || newCapacity < 2 * minimum {
            newCapacity *= 2
        }
        if newCapacity < _capacity {
            rehash(capacity: newCapacity)
        }
    }

    private mutating func rehash(capacity newCapacity: Int) {
        let old = _entries
        let oldCapacity = _capacity
        _entries = .allocate(capacity: newCapacity)
        _entries.initialize(repeating: Entry(node: .none, hash: 0), count: newCapacity)
        _capacity = newCapacity
        for k in 0..<oldCapacity where !old[k].node.isNone {
            insert(old[k])
        }
        old.deallocate()
    }
}
