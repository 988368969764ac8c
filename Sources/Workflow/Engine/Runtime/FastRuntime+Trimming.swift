// Giving memory back when nodes end. An ended node leaves its arena record,
// its typed slot, its child-index entry and room on the stacks to the next
// node that starts; once the tree has shrunk to a fraction of that, the
// containers give back what it no longer needs. This happens at the end of
// a top-level render pass (nodes end only in passes, besides the teardown;
// no render frame is open then, the stacks are empty), and only once as many
// nodes ended since the last time as half the arena holds, which pays for
// looking at every container: a steady tree pays one comparison per pass
// and allocates nothing.

extension FastRuntime {
    /// Room every container keeps however few nodes are left: 16 segments,
    /// 16,384 nodes (about 1 MiB of arena records). A tree up to that size
    /// that is cleared and built again, over and over (a list of 10,000 rows
    /// filtered to none and back), never reallocates.
    static var keptRoom: Int { 16 * SegmentedBuffer<NodeArena.Entry>.segmentSize }

    /// After every top-level render pass.
    @inline(__always)
    func trimIfDue() {
        if _slowPath(tree.nodes.endedSinceTrim * 2 >= max(tree.nodes.count, Self.keptRoom)) {
            trim()
        }
    }

    /// Gives back what each container holds beyond twice what the tree now
    /// needs (and beyond `keptRoom`), once it holds four times that: a tree
    /// whose size swings by less than that does not reallocate back and
    /// forth.
    @inline(never)
    func trim() {
        tree.trim(keeping: Self.keptRoom)
        // A pass needs a frame per level and an entry per child asked for:
        // at most the live nodes, if the tree stays as it is.
        let live = tree.nodes.liveCount
        passes.shrink(expecting: live, minimum: Self.keptRoom)
    }
}
