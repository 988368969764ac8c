/// One hash table for all parent-child links of a runtime: (parent slot,
/// child type, key) to the child's slot, O(1) expected. Open addressing with
/// linear probing and backward-shift deletion (no tombstones), load factor at
/// most 1/2. Each entry keeps 32 bits of the hash so that most probes that
/// miss never touch the node records.
@usableFromInline
struct ChildIndex {
    @usableFromInline
    struct Entry {
        @usableFromInline var node: Int32  // -1: empty
        @usableFromInline var hash: UInt32
    }

    @usableFromInline var entries: ContiguousArray<Entry>
    @usableFromInline var count = 0
    /// The hash of the last look-up that found nothing.
    @usableFromInline var lastMissHash: UInt32 = 0

    @usableFromInline
    init() {
        entries = ContiguousArray(repeating: Entry(node: -1, hash: 0), count: 16)
    }

    @inlinable
    var mask: Int { entries.count - 1 }

    /// FNV-1a over the parent, the type and the key's UTF-8 bytes, with a
    /// final mix. Keys are short and come from the app, not from an
    /// attacker, so a seeded SipHash (`Hasher`, several times the cost) buys
    /// nothing for them. But keys are compared with `String ==`, which is
    /// canonical equivalence, so bytes may hash only keys whose equivalents
    /// are byte-identical: ASCII without the three characters that a
    /// non-ASCII scalar decomposes to ("K" from U+212A, ";" from U+037E, "`"
    /// from U+1FEF). Every other key hashes with `Hasher`, which agrees with
    /// `==`.
    @inlinable
    static func hash(parent: Int32, typeID: ObjectIdentifier, key: String) -> UInt32 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        hash = (hash ^ UInt64(UInt32(bitPattern: parent))) &* 0x0000_0100_0000_01b3
        hash = (hash ^ UInt64(UInt(bitPattern: typeID))) &* 0x0000_0100_0000_01b3
        var key = key
        var bytesHash: UInt64 = 0xcbf2_9ce4_8422_2325
        let bytesAreCanonical = key.withUTF8 { bytes in
            for byte in bytes {
                if byte >= 0x80 || byte == 0x4B || byte == 0x3B || byte == 0x60 { return false }
                bytesHash = (bytesHash ^ UInt64(byte)) &* 0x0000_0100_0000_01b3
            }
            return true
        }
        let keyHash = bytesAreCanonical ? bytesHash : UInt64(UInt(bitPattern: key.hashValue))
        hash = (hash ^ keyHash) &* 0x0000_0100_0000_01b3
        hash ^= hash >> 29
        hash = hash &* 0xbf58_476d_1ce4_e5b9
        hash ^= hash >> 32
        return UInt32(truncatingIfNeeded: hash)
    }
}

extension FastRuntime {
    /// The child of `parent` with this type and key, or -1.
    @usableFromInline
    func indexedChild(parent: Int32, typeID: ObjectIdentifier, key: String) -> Int32 {
        let hash = ChildIndex.hash(parent: parent, typeID: typeID, key: key)
        let mask = childIndex.mask
        var probe = Int(hash) & mask
        while true {
            let entry = childIndex.entries[probe]
            if entry.node < 0 {
                // A new child follows: `indexChild` takes this hash.
                childIndex.lastMissHash = hash
                return -1
            }
            if entry.hash == hash {
                let node = Int(entry.node)
                if nodes[node].parent == parent, nodes[node].typeID == typeID, nodes[node].key == key {
                    return entry.node
                }
            }
            probe = (probe + 1) & mask
        }
    }

    /// Adds a new child; `hash` is the one its failed look-up computed.
    @usableFromInline
    func indexChild(_ node: Int32, hash: UInt32) {
        if (childIndex.count + 1) * 2 > childIndex.entries.count {
            growChildIndex()
        }
        nodes[Int(node)].indexHash = hash
        insert(ChildIndex.Entry(node: node, hash: hash))
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

    private func growChildIndex() {
        let old = childIndex.entries
        childIndex.entries = ContiguousArray(repeating: ChildIndex.Entry(node: -1, hash: 0), count: old.count * 2)
        for entry in old where entry.node >= 0 {
            insert(entry)
        }
    }
}
