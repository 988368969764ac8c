// Giving memory back once most nodes ended: the free records above the
// highest live one are destroyed and their segments freed. Live records
// never move (handles, sinks and contexts name them by position), so only a
// free tail can go; a position trimmed away that comes back later starts at
// the generation floor, so handles to its old node stay stale.

extension NodeArena {
    /// Records that hold a node.
    var liveCount: Int { count - freeCount }

    /// When fewer than a quarter of the records hold a node and there are
    /// more than `minimum`: destroys the free records above the highest live
    /// one, frees the segments past room for twice the live nodes (and at
    /// least `minimum`), and relinks the free records left in ascending
    /// order, so that new nodes fill the lowest holes first and the live ones
    /// gather at the front for the next trim. O(count): the caller runs it
    /// once about `count / 2` nodes ended since the last time
    /// (`endedSinceTrim`, which starts again from 0).
    mutating func trimFreeTail(keeping minimum: Int) {
        endedSinceTrim = 0
        let live = liveCount
        guard count > minimum, live * 4 < count else { return }
        var newCount = count
        while newCount > 0, self[NodeID(position: newCount - 1)].typeIndex == TypeIndex.free {
            newCount -= 1
            generationFloor = max(generationFloor, self[NodeID(position: newCount)].generation)
            // The record is trivial: only the key has something to destroy.
            keyAddress(newCount).deinitialize(count: 1)
        }
        guard newCount < count else { return }
        count = newCount
        firstFree = .none
        for position in stride(from: newCount - 1, through: 0, by: -1) {
            let node = NodeID(position: position)
            if self[node].typeIndex == TypeIndex.free {
                self[node].nextSibling = firstFree
                firstFree = node
            }
        }
        freeCount = newCount - live
        entries.shrink(toFit: max(newCount, 2 * live, minimum))
    }
}
