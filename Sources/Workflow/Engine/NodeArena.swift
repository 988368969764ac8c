/// The arena: every `NodeRecord` of a runtime in one raw buffer, indexed by
/// the slot of a `NodeHandle`, and each node's key in a second buffer beside
/// it. Raw buffers rather than arrays because the arena is written on every
/// step of a render pass, and an array's writes each check uniqueness (a
/// runtime call) and bounds.
///
/// Invariants: slots `0..<count` are initialised in both buffers (free ones
/// included: a free slot is reset, not destroyed); `count..<capacity` are
/// not. Only the runtime indexes it, with slots it handed out; a handle from
/// outside is checked against `count` and its generation before use.
@usableFromInline
struct NodeArena {
    @usableFromInline var records: UnsafeMutablePointer<NodeRecord>
    @usableFromInline var keys: UnsafeMutablePointer<String>
    @usableFromInline var count = 0
    @usableFromInline var capacity: Int

    @usableFromInline
    init() {
        capacity = 16
        records = .allocate(capacity: capacity)
        keys = .allocate(capacity: capacity)
    }

    @inlinable
    subscript(slot: Int) -> NodeRecord {
        unsafeAddress {
            assert(slot >= 0 && slot < count, "node slot out of range")
            return UnsafePointer(records + slot)
        }
        // Writes go through the buffer: the struct itself does not change.
        nonmutating unsafeMutableAddress {
            assert(slot >= 0 && slot < count, "node slot out of range")
            return records + slot
        }
    }

    /// The key the node's parent rendered it with: the other half of its
    /// identity (R1). Empty when the slot is free.
    @inlinable
    subscript(key slot: Int) -> String {
        unsafeAddress {
            assert(slot >= 0 && slot < count, "node slot out of range")
            return UnsafePointer(keys + slot)
        }
        nonmutating unsafeMutableAddress {
            assert(slot >= 0 && slot < count, "node slot out of range")
            return keys + slot
        }
    }

    /// A new slot for a node that starts now; it is `count - 1`.
    @inlinable
    mutating func append(_ record: NodeRecord, key: String) {
        if count == capacity {
            grow()
        }
        (records + count).initialize(to: record)
        (keys + count).initialize(to: key)
        count += 1
    }

    @usableFromInline
    mutating func grow() {
        let newRecords = UnsafeMutablePointer<NodeRecord>.allocate(capacity: capacity * 2)
        newRecords.moveInitialize(from: records, count: count)
        records.deallocate()
        records = newRecords
        let newKeys = UnsafeMutablePointer<String>.allocate(capacity: capacity * 2)
        newKeys.moveInitialize(from: keys, count: count)
        keys.deallocate()
        keys = newKeys
        capacity *= 2
    }

    /// Frees both buffers: the end of the runtime. The records own nothing
    /// by then (the runtime released what they held).
    @usableFromInline
    func deallocate() {
        records.deallocate()
        keys.deinitialize(count: count)
        keys.deallocate()
    }
}
