/// The arena: every node of a runtime, its `NodeRecord` and its key side by
/// side, in segments that never move once full (`SegmentedBuffer`), indexed
/// by the slot of a `NodeHandle`. Raw memory rather than arrays because the
/// arena is written on every step of a render pass, and an array's writes
/// each check uniqueness (a runtime call) and bounds.
///
/// Invariants: slots `0..<count` are initialised (free ones included: a free
/// slot is reset, not destroyed, and waits on the free list), the others
/// are not. Only the runtime
/// indexes it, with slots it handed out; a handle from outside is checked
/// against `count` and its generation before use.
@usableFromInline
struct NodeArena {
    @usableFromInline
    struct Entry {
        @usableFromInline var record: NodeRecord
        /// The key the node's parent rendered it with: the other half of its
        /// identity (R1). Empty when the slot is free.
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
    /// Head of the free slots, linked through `nextSibling` (-1: none).
    @usableFromInline var firstFree: Int32 = -1

    @usableFromInline
    init() {}

    @inlinable
    subscript(slot: Int) -> NodeRecord {
        unsafeAddress {
            assert(slot >= 0 && slot < count, "node slot out of range")
            return UnsafePointer(recordAddress(slot))
        }
        // Writes go through the buffer: the struct itself does not change.
        nonmutating unsafeMutableAddress {
            assert(slot >= 0 && slot < count, "node slot out of range")
            return recordAddress(slot)
        }
    }

    @inlinable
    subscript(key slot: Int) -> String {
        unsafeAddress {
            assert(slot >= 0 && slot < count, "node slot out of range")
            return UnsafePointer(keyAddress(slot))
        }
        nonmutating unsafeMutableAddress {
            assert(slot >= 0 && slot < count, "node slot out of range")
            return keyAddress(slot)
        }
    }

    @inlinable
    func recordAddress(_ slot: Int) -> UnsafeMutablePointer<NodeRecord> {
        (UnsafeMutableRawPointer(entries[slot]) + MemoryLayout<Entry>.offset(of: \.record)!)
            .assumingMemoryBound(to: NodeRecord.self)
    }

    @inlinable
    func keyAddress(_ slot: Int) -> UnsafeMutablePointer<String> {
        (UnsafeMutableRawPointer(entries[slot]) + MemoryLayout<Entry>.offset(of: \.key)!)
            .assumingMemoryBound(to: String.self)
    }

    /// A new slot for a node that starts now; it is `count - 1`.
    @inlinable @inline(__always)
    mutating func append(_ record: NodeRecord, key: String) {
        if count == entries.capacity {
            entries.grow(count: count)
        }
        entries[count].initialize(to: Entry(record: record, key: key))
        count += 1
    }

    /// Frees the arena: the end of the runtime. The records own nothing by
    /// then (the runtime released what they held).
    @usableFromInline
    func deallocate() {
        for slot in 0..<count {
            entries[slot].deinitialize(count: 1)
        }
        entries.deallocate()
    }
}
