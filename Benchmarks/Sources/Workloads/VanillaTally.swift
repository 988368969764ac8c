/// The vanilla W3/W4/W6/W7: the same totals kept in flat arrays, laid out
/// breadth first. A leaf update adds to the leaf's state and to the total of
/// each node on its path to the root (depth + 1 writes): the floor for a
/// leaf update, since no code can produce the new root total with less.
public final class VanillaTally {
    public private(set) var states: [Int]
    public private(set) var totals: [Int]
    private let parents: [Int32]
    /// Index of the leaf the benchmarks update (the same leaf as `pick`).
    public let probeLeaf: Int

    public init(shape: TallyShape) {
        let count = shape.nodeCount
        var parents = [Int32](repeating: -1, count: count)
        // Breadth-first layout: the children of node i are fanout*i+1 ... fanout*i+fanout.
        for node in 1..<max(count, 1) {
            parents[node] = Int32((node - 1) / shape.fanout)
        }
        states = [Int](repeating: 1, count: count)
        var totals = [Int](repeating: 1, count: count)
        for node in stride(from: count - 1, to: 0, by: -1) {
            totals[Int(parents[node])] += totals[node]
        }
        self.totals = totals
        self.parents = parents
        // Follow the pick digits from the root, least significant first, as
        // TallyNode does (each level passes `pick / fanout` down).
        var node = 0
        var rest = shape.pick
        for _ in 0..<shape.depth {
            node = shape.fanout * node + 1 + rest % shape.fanout
            rest /= shape.fanout
        }
        probeLeaf = node
    }

    /// The leaf's action: add `amount`; an unchanged state touches nothing else.
    @inline(__always)
    public func bump(_ amount: Int) {
        states[probeLeaf] += amount
        guard amount != 0 else { return }
        var node = probeLeaf
        while node >= 0 {
            totals[node] += amount
            node = Int(parents[node])
        }
    }

    public var rootTotal: Int { totals[0] }
}
