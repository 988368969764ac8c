@_spi(WorkflowRuntimeConfig) import Workflow
import WorkflowHostHarness

// W11: a burst (B1-B4). The root's kick action sends one bump to each of N
// leaves spread over the W3 tree; the sends wait behind the kick's cascade
// (R15). Off, each is a cascade of its own, with its render pass and its
// published rendering; on (`conflateStaleRenderings`), they apply in the
// kick's cascade and one render pass follows. A rendering observer reads
// each published rendering, standing in for the UI.

/// The sinks of the tree's leaves, by leaf number, written by each leaf's
/// render. A class, compared by identity: one per host.
public final class LeafSinks {
    var sinks: [Sink<SpreadTally.Action>?]

    init(leaves: Int) {
        sinks = Array(repeating: nil, count: leaves)
    }
}

/// W3's tally node, with every leaf's sink in `LeafSinks` and a root action
/// that bumps the leaves `0, stride, 2 * stride, ...`.
public struct SpreadTally: Workflow, Equatable {
    var levelsBelow: Int
    var fanout: Int
    /// The node's number among the nodes of its level.
    var index: Int
    let leaves: LeafSinks

    public static func == (lhs: SpreadTally, rhs: SpreadTally) -> Bool {
        lhs.levelsBelow == rhs.levelsBelow && lhs.fanout == rhs.fanout && lhs.index == rhs.index
            && lhs.leaves === rhs.leaves
    }

    public typealias State = Int

    public func makeInitialState() -> Int { 1 }

    public enum Action: WorkflowAction {
        public typealias WorkflowType = SpreadTally
        case bump
        /// At the root: sends `.bump` to `count` leaves, `stride` apart.
        case kick(count: Int, stride: Int)

        public func apply(toState state: inout Int, context: ApplyContext<SpreadTally>) -> Never? {
            switch self {
            case .bump:
                state += 1
            case let .kick(count, stride):
                let sinks = context[workflowValue: \.leaves].sinks
                for leaf in 0..<count { sinks[leaf * stride]!.send(.bump) }
            }
            return nil
        }
    }

    public struct Rendering {
        public var total: Int
        public var kick: Sink<Action>
    }

    public func render(state: Int, context: RenderContext<SpreadTally>) -> Rendering {
        RenderCount.value &+= 1
        let sink = context.makeSink(of: Action.self)
        if levelsBelow == 0 {
            leaves.sinks[index] = sink
            return Rendering(total: state, kick: sink)
        }
        var total = state
        for position in 0..<fanout {
            let child = SpreadTally(levelsBelow: levelsBelow - 1, fanout: fanout, index: index * fanout + position, leaves: leaves)
            total += child.rendered(in: context, key: ChildKeys.key(position)).total
        }
        return Rendering(total: total, kick: sink)
    }
}

/// The op on a host: the root's kick, then the root total read. `conflates`
/// turns bursts rendered once on.
final class BurstOnHost<Host: WorkflowHosting>: WorkloadOperation where Host.WorkflowType == SpreadTally {
    private let host: Host
    private let kick: Sink<SpreadTally.Action>
    private let count: Int
    private let stride: Int
    private let nodeCount: Int
    private let rendersPerOp: Int
    private let publishedPerOp: Int
    private let rendersAtStart: Int
    private var observation: HostObservation?
    private var published = 0
    private var seen = 0
    private var runs = 0

    init(shape: TallyShape, count: Int, conflates: Bool, rendersPerOp: Int) {
        let leaves = shape.leafCount
        let root = SpreadTally(levelsBelow: shape.depth, fanout: shape.fanout, index: 0, leaves: LeafSinks(leaves: leaves))
        host = Runtime.withConfiguration(override: { $0.conflateStaleRenderings = conflates }) {
            Host(workflow: root)
        }
        kick = host.rendering.kick
        self.count = count
        stride = leaves / count
        nodeCount = shape.nodeCount
        self.rendersPerOp = rendersPerOp
        // On, the kick's cascade is the burst: its sends join it. Off, the
        // kick's cascade, then each send's.
        publishedPerOp = conflates ? 1 : count + 1
        rendersAtStart = RenderCount.value
        // Unowned: the host, which keeps the closure, is this op's own.
        observation = host.observeRenderings { [unowned self] rendering in
            published &+= 1
            seen &+= rendering.total
        }
    }

    func run() {
        kick.send(.kick(count: count, stride: stride))
        blackHole(host.rendering.total)
        runs &+= 1
    }

    func check() -> String? {
        let total = host.rendering.total
        if total != nodeCount + runs * count {
            return "root total \(total) after \(runs) ops, expected \(nodeCount + runs * count)"
        }
        if published != runs * publishedPerOp {
            return "\(published) renderings published in \(runs) ops, expected \(runs * publishedPerOp)"
        }
        let renders = RenderCount.value - rendersAtStart
        if renders != runs * rendersPerOp {
            return "\(renders) render calls in \(runs) ops, expected \(runs * rendersPerOp)"
        }
        blackHole(seen)
        return nil
    }
}

extension TallyShape {
    /// fanout^depth.
    var leafCount: Int {
        var count = 1
        for _ in 0..<depth { count *= fanout }
        return count
    }
}

extension Catalog {
    static func burstCases() throws -> [WorkloadCase] {
        let w11 = try WorkloadProfileShape("w11-bursts", shape: "uniform")
        try w11.requireEvents(["leafBurst"])
        let shape = TallyShape(profile: w11)
        return try w11.sizes().flatMap { count in
            // Fast: the path of each bumped leaf, once per send off; on, the
            // paths merged, each node once.
            let fastOff = count * (shape.depth + 1)
            let fastOn = shape.distinctAncestors(ofLeaves: count)
            return [false, true].map { on in
                WorkloadCase(
                    id: "W11-\(count)-\(on ? "on" : "off")", workload: "W11",
                    operation: "burst of \(count) leaf sends, bursts rendered once \(on ? "on" : "off")",
                    profile: "w11-bursts", nodes: shape.nodeCount,
                    opsPerSample: [:], maxSamples: [.reference: on ? 40 : 4], variants: [.fast, .reference],
                    note: "no vanilla: what is measured is the host's handling of the burst"
                ) { variant in
                    // The reference renders every node in every pass: the
                    // burst's, or the kick's and each send's.
                    byVariant(variant,
                              fast: { BurstOnHost<Fast<SpreadTally>>(shape: shape, count: count, conflates: on, rendersPerOp: on ? fastOn : fastOff) },
                              reference: { BurstOnHost<Reference<SpreadTally>>(shape: shape, count: count, conflates: on,
                                                                              rendersPerOp: shape.nodeCount * (on ? 1 : count + 1)) },
                              vanilla: { preconditionFailure("W11 has no vanilla variant") })
                }
            }
        }
    }
}

extension TallyShape {
    /// The nodes on the paths from the root to the leaves `0, stride, ...`
    /// (`count` of them, `stride = leaves / count`), each counted once.
    func distinctAncestors(ofLeaves count: Int) -> Int {
        let stride = leafCount / count
        var nodes = Set<[Int]>()
        for leaf in 0..<count {
            var index = leaf * stride
            var level = depth
            while level >= 0 {
                nodes.insert([level, index])
                index /= fanout
                level -= 1
            }
        }
        return nodes.count
    }
}
