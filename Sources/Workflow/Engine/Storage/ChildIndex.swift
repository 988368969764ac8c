/// One hash table for all parent-child links of a runtime: (parent, child
/// type index, key) to the child's node ID, O(1) expected. Open addressing with
/// linear probing and backward-shift deletion (no tombstones), load factor at
/// most 1/2. Each entry keeps 32 bits of the hash so that most probes that
/// miss never touch the node records. The table owns its memory: it cannot
/// be copied, and frees the memory when it ends.
@usableFromInline
struct ChildIndex: ~Copyable {
    @usableFromInline
    struct Entry {
        /// `none`: the entry is empty.
        var node: NodeID
        var hash: UInt32
    }

    /// A power of two of entries, in raw memory (no uniqueness checks on
    /// writes, no array header pushing the table into a larger size class).
    @usableFromInline var entries: UnsafeMutablePointer<Entry>
    @usableFromInline var capacity: Int
    var count = 0
    /// The process's seed, mixed into every hash (see `hash`).
    @usableFromInline let seed: (UInt64, UInt64) = ChildIndex.processSeed

    /// An empty index of 16 entries.
    init() {
        capacity = 16
        entries = .allocate(capacity: capacity)
        entries.initialize(repeating: Entry(node: .none, hash: 0), count: capacity)
    }

    /// Inlinable: the runtime's tree field is.
    @inlinable
    deinit {
        entries.deallocate()
    }

    @inlinable
    var mask: Int { capacity - 1 }
}
