// Slots are reused: a node that ends leaves its slot on a free list, with
// its generation bumped so that handles to the old node go stale.

extension NodeArena {
    /// A slot for a node that starts now under `parent`: the last one freed,
    /// else a new one at the end.
    mutating func allocate(store: UInt16, key: String, parent: Int32) -> Int32 {
        let reused = firstFree
        if reused >= 0 {
            let slot = Int(reused)
            firstFree = self[slot].nextSibling
            self[slot] = NodeRecord(store: store, parent: parent, generation: self[slot].generation)
            self[key: slot] = key
            return reused
        }
        append(NodeRecord(store: store, parent: parent, generation: 0), key: key)
        return Int32(count - 1)
    }

    /// Frees the slot of a node that ended: the record is reset (the node
    /// let go of what it held), the key dropped, the generation bumped.
    mutating func free(_ node: Int32) {
        let slot = Int(node)
        self[slot].store = NodeRecord.free
        self[key: slot] = ""
        self[slot].firstChild = -1
        self[slot].parent = -1
        self[slot].seenInPass = 0
        self[slot].needsRender = false
        self[slot].generation &+= 1
        self[slot].nextSibling = firstFree
        firstFree = node
    }
}
