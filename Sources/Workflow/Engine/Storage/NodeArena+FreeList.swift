// Node IDs are reused: a node that ends leaves its record on a free list,
// with its generation bumped so that handles to the old node go stale.

extension NodeArena {
    /// A record for a node that starts now: the last one freed, else a new
    /// one at the end, written once with its pass and child-index hash.
    @inline(__always)
    mutating func allocate(
        typeIndex: TypeIndex, key: String, parent: NodeID, seenInPass: UInt32 = 0, indexHash: UInt32 = 0
    ) -> NodeID {
        let reused = _firstFree
        if !reused.isNone {
            let record = recordAddress(reused.position)
            _firstFree = record.pointee.nextSibling
            _freeCount -= 1
            record.pointee = NodeRecord(
                typeIndex: typeIndex, parent: parent, generation: record.pointee.generation,
                seenInPass: seenInPass, indexHash: indexHash
            )
            assert(keyAddress(reused.position).pointee.isEmpty, "a free record kept its key")
            keyAddress(reused.position).pointee = key
            return reused
        }
        append(
            NodeRecord(
                typeIndex: typeIndex, parent: parent, generation: _generationFloor,
                seenInPass: seenInPass, indexHash: indexHash
            ),
            key: key
        )
        return NodeID(position: _count - 1)
    }

    /// Frees an ended node's record, which holds nothing by now, for reuse.
    mutating func free(_ node: NodeID) {
        assert(node.rawValue >= 0 && node.position < _count, "node ID out of range")
        // One look-up of the entry for all the writes.
        let record = recordAddress(node.position)
        record.pointee.free(before: _firstFree)
        keyAddress(node.position).pointee = ""
        _firstFree = node
        _freeCount += 1
        _endedSinceTrim += 1
    }

    /// Whether `handle` names its position's node; the arena may have shrunk.
    @inlinable
    func isCurrent(_ handle: NodeHandle) -> Bool {
        !handle.id.isNone && handle.id.position < _count && self[handle.id].generation == handle.generation
    }
}
