/// The arena: every node of a runtime, its `NodeRecord` and its key side by
/// side, in segments that never move once full (`SegmentedBuffer`), indexed
/// by `NodeID`. Raw memory rather than arrays because the arena is written
/// on every step of a render pass, and an array's writes each check
/// uniqueness (a runtime call) and bounds.
///
/// Invariants: positions `0..<count` are initialised (free ones included: a
/// freed record is reset, not destroyed, and waits on the free list, which
/// holds `freeCount` records), the others are not. Only the runtime indexes
/// it, with IDs it handed out; a handle from outside is checked against
/// `count` and its generation before use (`isCurrent`): the arena may have
/// been trimmed below it since.
///
/// The arena owns its records and keys: it cannot be copied, is passed
/// `borrowing`, and destroys them when it ends.
@usableFromInline
struct NodeArena: ~Copyable {
    @usableFromInline
    struct Entry {
        @usableFromInline var record: NodeRecord
        /// The key the node's parent rendered it with: the other half of its
        /// identity (R1). Empty when the record holds no node.
        @usableFromInline var key: String

        @inlinable
        init(record: NodeRecord, key: String) {
            self.record = record
            self.key = key
        }
    }

    /// One whole segment from the start (64 KiB, its pages touched only as
    /// nodes arrive): the arena never copies its records.
    @usableFromInline var entries = SegmentedBuffer<Entry>(initialCapacity: SegmentedBuffer<Entry>.segmentSize)
    @usableFromInline var count = 0
    /// Head of the free records, linked through `nextSibling`.
    var firstFree = NodeID.none
    /// How many records wait on the free list.
    var freeCount = 0
    /// Nodes ended since the last `trimFreeTail`: what pays for the next.
    var endedSinceTrim = 0
    /// The generation a record starts with when it is appended: at least
    /// that of every record trimmed away, so that a handle to a node that
    /// held a trimmed position never matches the node that takes it later.
    var generationFloor: UInt32 = 0

    @usableFromInline
    init() {}

    @inlinable
    subscript(node: NodeID) -> NodeRecord {
        unsafeAddress {
            assert(node.rawValue >= 0 && node.position < count, "node ID out of range")
            return UnsafePointer(recordAddress(node.position))
        }
        // Writes go through the buffer: the struct itself does not change.
        nonmutating unsafeMutableAddress {
            assert(node.rawValue >= 0 && node.position < count, "node ID out of range")
            return recordAddress(node.position)
        }
    }

    @inlinable
    /// The key of `node`.
    subscript(keyOf node: NodeID) -> String {
        unsafeAddress {
            assert(node.rawValue >= 0 && node.position < count, "node ID out of range")
            return UnsafePointer(keyAddress(node.position))
        }
        nonmutating unsafeMutableAddress {
            assert(node.rawValue >= 0 && node.position < count, "node ID out of range")
            return keyAddress(node.position)
        }
    }

    @inlinable
    func recordAddress(_ position: Int) -> UnsafeMutablePointer<NodeRecord> {
        (UnsafeMutableRawPointer(entries[position]) + MemoryLayout<Entry>.offset(of: \.record)!)
            .assumingMemoryBound(to: NodeRecord.self)
    }

    @inlinable
    func keyAddress(_ position: Int) -> UnsafeMutablePointer<String> {
        (UnsafeMutableRawPointer(entries[position]) + MemoryLayout<Entry>.offset(of: \.key)!)
            .assumingMemoryBound(to: String.self)
    }

    /// A new record for a node that starts now, at position `count - 1`.
    @inlinable @inline(__always)
    mutating func append(_ record: NodeRecord, key: String) {
        if count == entries.capacity {
            entries.grow(count: count)
        }
        recordAddress(count).initialize(to: record)
        Self.initializeKey(keyAddress(count), to: key)
        count += 1
    }

    /// Puts `key` in an uninitialised key place. A key that owns no storage
    /// (a small string, a literal) is copied as its two words: its retain
    /// would be a call that does nothing.
    @inlinable @inline(__always)
    static func initializeKey(_ place: UnsafeMutablePointer<String>, to key: String) {
        #if _pointerBitWidth(_64) && _endian(little)
        if !ownsStorage(key) {
            UnsafeMutableRawPointer(place).storeBytes(
                of: unsafeBitCast(key, to: (UInt64, UInt64).self), as: (UInt64, UInt64).self
            )
            return
        }
        #endif
        place.initialize(to: key)
    }

    /// The end of the runtime: the keys are destroyed, the segments go
    /// with `entries`. The records are trivial and own nothing by then (the
    /// runtime released what they held). Inlinable: the runtime's arena
    /// field is.
    @inlinable
    deinit {
        for position in 0..<count where Self.ownsStorage(keyAddress(position).pointee) {
            // Moved out: destroyed as a local String, not through a witness.
            _ = keyAddress(position).move()
        }
    }

    /// Whether destroying `key` has something to release. A string's second
    /// word carries its discriminator in the top byte, whose top bit marks
    /// an immortal string (a small one, or a literal): nothing to release,
    /// and no call. Elsewhere every key counts.
    @inlinable @inline(__always)
    static func ownsStorage(_ key: String) -> Bool {
        #if _pointerBitWidth(_64) && _endian(little)
        return unsafeBitCast(key, to: (UInt64, UInt64).self).1 >> 63 == 0
        #else
        return true
        #endif
    }
}
