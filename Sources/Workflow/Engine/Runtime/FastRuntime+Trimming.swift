// Giving memory back. An ended node's room goes to the next one that starts;
// the containers trim after a top-level pass (no frame open), once as many
// nodes ended since the last trim as half the arena holds, which pays for the
// walk: a steady tree pays one comparison per pass and allocates nothing.

extension FastRuntime {
    /// Room every container keeps: 16 segments, 16,384 nodes (about 1 MiB),
    /// so a tree up to that size cleared and rebuilt over and over (10,000
    /// rows filtered to none and back) never reallocates.
    static var keptRoom: Int { 16 * SegmentedBuffer<NodeArena.Entry>.segmentSize }

    /// After every top-level render pass.
    @inline(__always)
    func trimIfDue() {
        if _slowPath(tree.nodes.endedSinceTrim * 2 >= max(tree.nodes.count, Self.keptRoom)) {
            trim()
        }
    }

    /// Gives back room beyond twice the need (and `keptRoom`) once a container
    /// holds four times it: a size swinging less does not reallocate.
    @inline(never)
    func trim() {
        tree.trim(keeping: Self.keptRoom)
        // A pass needs at most an entry per live node, if the tree stays.
        let live = tree.nodes.liveCount
        passes.shrink(expecting: live, minimum: Self.keptRoom)
    }
}
