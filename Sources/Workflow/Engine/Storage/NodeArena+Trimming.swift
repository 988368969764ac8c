// Live records never move (they are named by position), so only a free tail
// goes; a trimmed position reused later starts at the generation floor.

extension NodeArena {
    /// Records that hold a node.
    var liveCount: Int { _count - _freeCount }

    /// When under a quarter of more than `minimum` records are live: drops
    /// the free tail, keeps room for twice the live nodes (at least
    /// `minimum`), and relinks the free records ascending, so the live ones
    /// gather at the front. O(count): run after about `count / 2` ends.
    mutating func trimFreeTail(keeping minimum: Int) {
        _endedSinceTrim = 0
        let live = liveCount
        guard _count > minimum, live * 4 < _count else { return }
        var newCount = _count
        while newCount > 0, self[NodeID(position: newCount - 1)].typeIndex == TypeIndex.free {
            newCount -= 1
            _generationFloor = max(_generationFloor, self[NodeID(position: newCount)].generation)
            // The record is trivial: only the key has something to destroy.
            keyAddress(newCount).deinitialize(count: 1)
        }
        guard newCount < _count else { return }
        _count = newCount
        _firstFree = .none
        for position in stride(from: newCount - 1, through: 0, by: -1) {
            let node = NodeID(position: position)
            if self[node].typeIndex == TypeIndex.free {
                self[node].link(before: _firstFree)
                _firstFree = node
            }
        }
        _freeCount = newCount - live
        _entries.shrink(toFit: max(newCount, 2 * live, minimum))
    }
}
