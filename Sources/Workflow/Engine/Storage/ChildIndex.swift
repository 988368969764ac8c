/// One hash table for all parent-child links of a runtime: (parent slot,
/// child type, key) to the child's slot, O(1) expected. The type is the
/// child's store index (one store per workflow type). Open addressing with
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

    /// A power of two of entries, in raw memory (no uniqueness checks on
    /// writes, no array header pushing the table into a larger size class).
    @usableFromInline var entries: UnsafeMutablePointer<Entry>
    @usableFromInline var capacity: Int
    @usableFromInline var count = 0
    /// The hash of the last look-up that found nothing, and the empty entry
    /// where it stopped: where that child goes if nothing was added since.
    @usableFromInline var lastMissHash: UInt32 = 0
    @usableFromInline var lastMissEntry = 0
    /// `count` at that look-up: any insert or removal since voids the entry.
    @usableFromInline var lastMissCount = -1

    @usableFromInline
    init() {
        capacity = 16
        entries = .allocate(capacity: capacity)
        entries.initialize(repeating: Entry(node: -1, hash: 0), count: capacity)
    }

    @usableFromInline
    func deallocate() {
        entries.deallocate()
    }

    @inlinable
    var mask: Int { capacity - 1 }

    /// The hash of (parent, type, key). Keys are short and come from the
    /// app, not from an attacker, so a seeded SipHash (`Hasher`, several
    /// times the cost) buys nothing for them; but keys are compared with
    /// `String ==`, which is canonical equivalence, so a key may be hashed by
    /// its bytes only when every key equal to it has the same bytes: ASCII
    /// without the three characters that a non-ASCII scalar decomposes to
    /// ("K" from U+212A, ";" from U+037E, "`" from U+1FEF). Other keys hash
    /// with `Hasher`, which agrees with `==`.
    @inlinable
    static func hash(parent: Int32, store: UInt16, key: String) -> UInt32 {
        let keyHash: UInt64
        if let packed = packedCanonicalBytes(key) {
            keyHash = (packed.0 &* 0x9e37_79b9_7f4a_7c15) ^ (packed.1 &* 0xc2b2_ae3d_27d4_eb4f)
        } else {
            keyHash = hashOfLongKey(key)
        }
        var hash = keyHash ^ (UInt64(UInt32(bitPattern: parent)) << 32 | UInt64(store))
        hash = hash &* 0xff51_afd7_ed55_8ccd
        hash ^= hash >> 29
        hash = hash &* 0xbf58_476d_1ce4_e5b9
        hash ^= hash >> 32
        return UInt32(truncatingIfNeeded: hash)
    }

    /// A key of at most 15 canonical bytes, packed little-endian into two
    /// words with its length in the top byte; nil for any other key.
    ///
    /// Such a key is almost always a small string, whose two words already
    /// are that packing (bytes 0-7, bytes 8-14, then a top byte whose high
    /// nibble 0xE says "small, ASCII" and whose low nibble is the length), so
    /// it is read without touching the bytes one by one.
    @inlinable
    static func packedCanonicalBytes(_ key: String) -> (UInt64, UInt64)? {
        let (low, high) = unsafeBitCast(key, to: (UInt64, UInt64).self)
        if high >> 60 == 0xE {
            // Bytes 8-14 (the top byte is the flags and length; 0 past the
            // end is canonical).
            let bytesHigh = high & 0x00FF_FFFF_FFFF_FFFF
            guard isCanonicalASCII(low), isCanonicalASCII(bytesHigh) else { return nil }
            return (low, high & 0x0FFF_FFFF_FFFF_FFFF)
        }
        return packedCanonicalBytesSlowly(key)
    }

    /// Whether a word of ASCII bytes holds no "K", ";" or "`". A byte of the
    /// word xor one of them is 0 exactly when it matches; with bytes below
    /// 0x80, adding 0x7F sets a byte's top bit exactly when it is not 0, and
    /// never carries into the next byte.
    @inlinable @inline(__always)
    static func isCanonicalASCII(_ word: UInt64) -> Bool {
        let ones: UInt64 = 0x0101_0101_0101_0101
        let topBits: UInt64 = 0x8080_8080_8080_8080
        let notK = (word ^ (0x4B &* ones)) &+ (0x7F &* ones)
        let notSemicolon = (word ^ (0x3B &* ones)) &+ (0x7F &* ones)
        let notBacktick = (word ^ (0x60 &* ones)) &+ (0x7F &* ones)
        return notK & notSemicolon & notBacktick & topBits == topBits
    }

    /// Whether a UTF-8 byte is ASCII other than "K", ";" and "`".
    @inlinable
    static func isCanonical(_ byte: UInt8) -> Bool {
        byte < 0x80 && byte != 0x4B && byte != 0x3B && byte != 0x60
    }

    /// `packedCanonicalBytes` for a key stored as a large or foreign string.
    @usableFromInline
    static func packedCanonicalBytesSlowly(_ key: String) -> (UInt64, UInt64)? {
        var key = key
        return key.withUTF8 { bytes -> (UInt64, UInt64)? in
            guard bytes.count <= 15 else { return nil }
            var words: (UInt64, UInt64) = (0, UInt64(bytes.count) << 56)
            for (i, byte) in bytes.enumerated() {
                if !isCanonical(byte) { return nil }
                if i < 8 {
                    words.0 |= UInt64(byte) << (8 * i)
                } else {
                    words.1 |= UInt64(byte) << (8 * (i - 8))
                }
            }
            return words
        }
    }

    /// Keys longer than 15 bytes: FNV-1a over canonical bytes, else `Hasher`.
    @usableFromInline
    static func hashOfLongKey(_ key: String) -> UInt64 {
        var key = key
        var bytesHash: UInt64 = 0xcbf2_9ce4_8422_2325
        let bytesAreCanonical = key.withUTF8 { bytes in
            for byte in bytes {
                if !isCanonical(byte) { return false }
                bytesHash = (bytesHash ^ UInt64(byte)) &* 0x0000_0100_0000_01b3
            }
            return true
        }
        return bytesAreCanonical ? bytesHash : UInt64(UInt(bitPattern: key.hashValue))
    }
}

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
