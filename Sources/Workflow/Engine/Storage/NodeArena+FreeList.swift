// Node IDs are reused: a node that ends leaves its record on a free list,
// with its generation bumped so that handles to the old node go stale.

extension NodeArena {
    /// A record for a node that starts now under `parent`: the last one
    /// freed, else a new one at the end.
    @inline(__always)
    mutating func allocate(typeIndex: TypeIndex, key: String, parent: NodeID) -> NodeID {
        let reused = firstFree
        if !reused.isNone {
            firstFree = self[reused].nextSibling
            freeCount -= 1
            self[reused] = NodeRecord(typeIndex: typeIndex, parent: parent, generation: self[reused].generation)
            self[keyOf: reused] = key
            return reused
        }
        append(NodeRecord(typeIndex: typeIndex, parent: parent, generation: generationFloor), key: key)
        return NodeID(position: count - 1)
    }

    /// Frees the record of a node that ended: reset (the node let go of
    /// what it held), the key dropped, the generation bumped.
    mutating func free(_ node: NodeID) {
        self[node].typeIndex = .free
        self[keyOf: node] = ""
        self[node].firstChild = .none
        self[node].parent = .none
        self[node].seenInPass = 0
        self[node].needsRender = false
        self[node].generation &+= 1
        self[node].nextSibling = firstFree
        firstFree = node
        freeCount += 1
        endedSinceTrim += 1
    }

    /// Whether `handle` names the node now at its position: a position
    /// below `count` (the arena may have been trimmed below it since the
    /// handle was made) whose record has the handle's generation.
    func isCurrent(_ handle: NodeHandle) -> Bool {
        !handle.id.isNone && handle.id.position < count && self[handle.id].generation == handle.generation
    }
}
