import Foundation
@_spi(WorkflowRuntimeConfig) import Workflow
import WorkflowConcurrency
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
                // The reference renders every node in every pass: the
                // burst's, or the kick's and each send's.
                let referenceRenders = shape.nodeCount * (on ? 1 : count + 1)
                return WorkloadCase(
                    id: "W11-\(count)-\(on ? "on" : "off")", workload: "W11",
                    operation: "burst of \(count) leaf sends, bursts rendered once \(on ? "on" : "off")",
                    profile: "w11-bursts", nodes: shape.nodeCount,
                    opsPerSample: [:], maxSamples: [.reference: on ? 40 : 4], variants: [.fast, .reference],
                    note: "no vanilla: what is measured is the host's handling of the burst; per op, checked: "
                        + "\(on ? 1 : count + 1) renderings published, \(on ? fastOn : fastOff) render calls fast, "
                        + "\(referenceRenders) reference"
                ) { variant in
                    byVariant(variant,
                              fast: { BurstOnHost<Fast<SpreadTally>>(shape: shape, count: count, conflates: on, rendersPerOp: on ? fastOn : fastOff) },
                              reference: { BurstOnHost<Reference<SpreadTally>>(shape: shape, count: count, conflates: on,
                                                                              rendersPerOp: referenceRenders) },
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

// W11's worker case: a worker yields N values into an N-row list in one turn
// of the main queue. Off, each output is a cascade with its render pass and
// published rendering, which the observer walks row by row; on, the turn's
// outputs are one burst.

/// The feed as a sequence of this module's own: `BatchFeed`'s conformance
/// would reach `take` through generic witnesses, a call per value that the
/// runtime's figures would include.
struct RowFeedSequence: AsyncSequence, Sendable {
    let feed: BatchFeed<Int>

    struct AsyncIterator: AsyncIteratorProtocol {
        let feed: BatchFeed<Int>

        mutating func next() async -> Int? { await feed.take(isolation: nil) }

        mutating func next(isolation actor: isolated (any Actor)?) async -> Int? { await feed.take(isolation: actor) }
    }

    func makeAsyncIterator() -> AsyncIterator { AsyncIterator(feed: feed) }
}

/// Iterates the feed (WK1): one output per value; a batch is taken whole
/// in the turn of the main queue that resumes the iteration.
struct RowFeedWorker: AsyncSequenceWorker {
    let feed: BatchFeed<Int>

    func run() -> RowFeedSequence { RowFeedSequence(feed: feed) }

    func isEquivalent(to otherWorker: RowFeedWorker) -> Bool { feed === otherWorker.feed }
}

/// A list of rows, each a `FedRow` child keyed by its id, and the worker:
/// value v relabels row v % rows with the label the op made for it.
public struct FedList: Workflow {
    let rows: Int
    let feed: BatchFeed<Int>
    let labels: [String]

    public struct State {
        var labels: [String]
        var applied = 0
    }

    public func makeInitialState() -> State {
        State(labels: Array(repeating: "", count: rows))
    }

    public struct Screen {
        public var rows: [RowScreen]
        public var applied: Int
    }

    public func render(state: State, context: RenderContext<FedList>) -> Screen {
        RenderCount.value &+= 1
        RowFeedWorker(feed: feed).rendered(in: context, key: "feed") { value in
            AnyWorkflowAction<FedList> { state in
                state.labels[value % rows] = labels[value % labels.count]
                state.applied += 1
                return nil
            }
        }
        var screens: [RowScreen] = []
        screens.reserveCapacity(rows)
        for row in 0..<rows {
            screens.append(FedRow(label: state.labels[row], id: Int32(row)).rendered(in: context, key: ChildKeys.key(row)))
        }
        return Screen(rows: screens, applied: state.applied)
    }
}

/// `FedList`'s row: `ListRow`'s twin, but of another size. With a row of
/// the same layout, the compiler merged this list's render specialisations
/// with W5's, and W5's rows then went through a thunk (+2.9% on W5-swap).
public struct FedRow: Workflow, Equatable {
    public var label: String
    public var id: Int32

    public typealias State = Void

    public func render(state: Void, context: RenderContext<FedRow>) -> RowScreen {
        RenderCount.value &+= 1
        return RowScreen(id: Int(id), label: label)
    }
}

/// The op on a host: the feed gets a batch of N values, then the main run
/// loop runs until the list applied them all (the worker's turn, and on,
/// the burst it made, at the end of that turn).
final class WorkerBurstOnHost<Host: WorkflowHosting>: WorkloadOperation where Host.WorkflowType == FedList {
    private let host: Host
    private let feed = BatchFeed<Int>()
    private let values: Int
    private let batch: [Int]
    private let publishedPerOp: Int
    private var observation: HostObservation?
    private var published = 0
    private var rowsWalked = 0
    private var runs = 0

    init(rows: Int, values: Int, conflates: Bool) {
        let labels = (0..<values).map { "label-\($0)" }
        let root = FedList(rows: rows, feed: feed, labels: labels)
        host = Runtime.withConfiguration(override: { $0.conflateStaleRenderings = conflates }) {
            Host(workflow: root)
        }
        self.values = values
        batch = Array(0..<values)
        publishedPerOp = conflates ? 1 : values
        // The UI's stand-in: every published rendering walked, row by row.
        // Unowned: the host, which keeps the closure, is this op's own.
        observation = host.observeRenderings { [unowned self] screen in
            published &+= 1
            for row in screen.rows { rowsWalked &+= row.label.utf8.count }
        }
        spin { true }  // The worker's task starts and waits for values.
    }

    /// Runs the main run loop until `done`.
    private func spin(until done: () -> Bool) {
        repeat {
            _ = RunLoop.main.run(mode: .default, before: Date())
        } while !done()
    }

    func run() {
        let target = (runs + 1) * values
        feed.send(batch)
        spin { host.rendering.applied == target }
        runs &+= 1
    }

    deinit {
        feed.finish()
    }

    func check() -> String? {
        let applied = host.rendering.applied
        if applied != runs * values { return "\(applied) values applied in \(runs) ops, expected \(runs * values)" }
        if published != runs * publishedPerOp {
            return "\(published) renderings published in \(runs) ops, expected \(runs * publishedPerOp)"
        }
        blackHole(rowsWalked)
        return nil
    }
}

extension Catalog {
    static func workerBurstCases() throws -> [WorkloadCase] {
        let w11 = try WorkloadProfileShape("w11-bursts", shape: "uniform")
        let rows = 1_000, values = 1_000
        return [false, true].map { on in
            var workerCase = WorkloadCase(
                id: "W11-worker-\(on ? "on" : "off")", workload: "W11",
                operation: "worker yields \(values) values into \(rows) rows, bursts rendered once \(on ? "on" : "off")",
                profile: w11.profile.name, nodes: rows + 2,
                opsPerSample: [:], maxSamples: [.reference: on ? 40 : 4], variants: [.fast, .reference],
                note: "no vanilla; time from BenchTable's own loop: the op runs the main run loop, which ordo-one's main-queue blocks cannot; "
                    + "per op, checked: \(on ? 1 : values) renderings published, each walked row by row"
            ) { variant in
                byVariant(variant,
                          fast: { WorkerBurstOnHost<Fast<FedList>>(rows: rows, values: values, conflates: on) },
                          reference: { WorkerBurstOnHost<Reference<FedList>>(rows: rows, values: values, conflates: on) },
                          vanilla: { preconditionFailure("W11 has no vanilla variant") })
            }
            workerCase.runsMainRunLoop = true
            return workerCase
        }
    }
}
