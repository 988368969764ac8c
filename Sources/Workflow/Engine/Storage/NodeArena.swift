/// Every node's `NodeRecord` and key side by side, by `NodeID`, in raw
/// memory: written on every step of a render pass, where an array's writes
/// check uniqueness (a runtime call). Invariants: positions `0..<count` are
/// initialised (free records too: reset, not destroyed), the rest not;
/// outside handles are checked first (`isCurrent`), as the arena may have
/// been trimmed below them. Owns its records and keys; not copyable.
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
    @usableFromInline var _entries = SegmentedBuffer<Entry>(initialCapacity: SegmentedBuffer<Entry>.segmentSize)
    @usableFromInline var _count = 0
    /// Head of the free records, linked through `nextSibling`.
    var _firstFree = NodeID.none
    /// How many records wait on the free list.
    var _freeCount = 0
    /// Nodes ended since the last `trimFreeTail`: what pays for the next.
    var _endedSinceTrim = 0
    /// A new record's generation: at least any trimmed record's, so a handle
    /// to a trimmed position's old node never matches a later one.
    var _generationFloor: UInt32 = 0

    @usableFromInline
    init() {}

    /// How many records there are, free ones too: positions `0..<count`.
    @inlinable
    var count: Int { _count }

    /// Nodes ended since the last `trimFreeTail`; the free list's head and
    /// length (the invariant checks).
    var endedSinceTrim: Int { _endedSinceTrim }
    var firstFree: NodeID { _firstFree }
    var freeCount: Int { _freeCount }

    @inlinable
    subscript(node: NodeID) -> NodeRecord {
        unsafeAddress {
            assert(node.rawValue >= 0 && node.position < _count, "node ID out of range")
            return UnsafePointer(recordAddress(node.position))
        }
        // Writes go through the buffer: the struct itself does not change.
        nonmutating unsafeMutableAddress {
            assert(node.rawValue >= 0 && node.position < _count, "node ID out of range")
            return recordAddress(node.position)
        }
    }

    @inlinable
    /// The key of `node`.
    subscript(keyOf node: NodeID) -> String {
        unsafeAddress {
            assert(node.rawValue >= 0 && node.position < _count, "node ID out of range")
            return UnsafePointer(keyAddress(node.position))
        }
        nonmutating unsafeMutableAddress {
            assert(node.rawValue >= 0 && node.position < _count, "node ID out of range")
            return keyAddress(node.position)
        }
    }

    @inlinable
    func recordAddress(_ position: Int) -> UnsafeMutablePointer<NodeRecord> {
        (UnsafeMutableRawPointer(_entries[position]) + MemoryLayout<Entry>.offset(of: \.record)!)
            .assumingMemoryBound(to: NodeRecord.self)
    }

    @inlinable
    func keyAddress(_ position: Int) -> UnsafeMutablePointer<String> {
        (UnsafeMutableRawPointer(_entries[position]) + MemoryLayout<Entry>.offset(of: \.key)!)
            .assumingMemoryBound(to: String.self)
    }

    /// Marks `node` asked for in `pass` (R8, R9): whether that pass had
    /// asked for it already, and its record to read, with one look-up.
    @inlinable @inline(__always)
    mutating func markAsked(_ node: NodeID, in pass: UInt32) -> (wasAsked: Bool, record: UnsafePointer<NodeRecord>) {
        let record = recordAddress(node.position)
        let wasAsked = record.pointee.seenInPass == pass
        record.pointee.markAsked(in: pass)
        return (wasAsked, UnsafePointer(record))
    }

    /// A new record for a node that starts now, at position `count - 1`.
    @inlinable @inline(__always)
    mutating func append(_ record: NodeRecord, key: String) {
        if _count == _entries.capacity {
            _entries.grow(count: _count)
        }
        recordAddress(_count).initialize(to: record)
        keyAddress(_count).initialize(to: key)
        _count += 1
    }

    /// Destroys the keys; the records are trivial, and the runtime released
    /// what they held. Inlinable: the runtime's arena field is.
    @inlinable
    deinit {
        for position in 0..<_count {
            // Moved out: destroyed as a local String, not through a witness.
            _ = keyAddress(position).move()
        }
    }
}
