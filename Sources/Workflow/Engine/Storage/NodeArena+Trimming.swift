// Live records never move (they are named by position), so only a free tail
// goes; a trimmed position reused later starts at the generation floor.

extension NodeArena {
    /// Records that hold a node.
    var liveCount: Int { count - freeCount }

    /// When under a quarter of more than `minimum` records are live: drops
    /// the free tail, keeps room for twice the live nodes (at least
    /// `minimum`), and relinks the free records ascending, so the live ones
    /// gather at the front. O(count): run after about `count / 2` ends.
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
                self[node].link(before: firstFree)
                firstFree = node
            }
        }
        freeCount = newCount - live
        entries.shrink(toFit: max(newCount, 2 * live, minimum))
    }
}
