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
            self[reused] = NodeRecord(typeIndex: typeIndex, parent: parent, generation: self[reused].generation)
            self[keyOf: reused] = key
            return reused
        }
        append(NodeRecord(typeIndex: typeIndex, parent: parent, generation: 0), key: key)
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
    }
}
