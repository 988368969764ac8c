/// One hash table for a runtime's parent-child links, (parent, type index,
/// key) to child: load at most 1/2; entries keep 32 bits of the hash, so
/// most misses never touch the records. Owns its memory: not copyable.
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
    @usableFromInline var _entries: UnsafeMutablePointer<Entry>
    @usableFromInline var _capacity: Int
    var _count = 0
    /// The process's seed, mixed into every hash (see `hash`).
    @usableFromInline let _seed: (UInt64, UInt64) = ChildIndex.processSeed

    init() {
        _capacity = 16
        _entries = .allocate(capacity: _capacity)
        _entries.initialize(repeating: Entry(node: .none, hash: 0), count: _capacity)
    }

    /// Inlinable: the runtime's tree field is.
    @inlinable
    deinit {
        _entries.deallocate()
    }

    @inlinable
    var mask: Int { _capacity - 1 }

    /// How many children are indexed.
    var count: Int { _count }
}
