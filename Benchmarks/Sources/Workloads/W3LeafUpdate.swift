@_spi(WorkflowRuntimeConfig) import Workflow
import WorkflowHostHarness

// W3 (leaf state change), W4 (no-op action) and W7 (W3 at 1k ... 1M nodes):
// one leaf's sink sends an action, then the root rendering is read.

/// The op on a host: `probe.send(.bump(amount))`, then read the root total.
/// amount 1 is W3 / W7; amount 0 is W4's action that changes no state.
final class LeafSendOnHost<Host: WorkflowHosting>: WorkloadOperation where Host.WorkflowType == TallyNode {
    private let host: Host
    private let probe: Sink<TallyNode.Action>
    private let action: TallyNode.Action
    private let amount: Int
    private let nodeCount: Int
    private let rendersPerRun: Int
    private let rendersAtStart: Int
    private var runs = 0

    /// `rendersPerRun`: the `render` calls one run must make (W4 checks that
    /// the fast runtime makes none); nil leaves them unchecked.
    init(shape: TallyShape, amount: Int, rendersPerRun: Int?, renderOnlyIfStateChanged: Bool = false) {
        host = Runtime.withConfiguration(override: { $0.renderOnlyIfStateChanged = renderOnlyIfStateChanged }) {
            Host(workflow: shape.root)
        }
        probe = host.rendering.probe
        action = .bump(amount)
        self.amount = amount
        nodeCount = shape.nodeCount
        self.rendersPerRun = rendersPerRun ?? -1
        rendersAtStart = RenderCount.value
    }

    func run() {
        probe.send(action)
        blackHole(host.rendering.total)
        runs &+= 1
    }

    func check() -> String? {
        let expected = nodeCount + runs * amount
        let total = host.rendering.total
        if total != expected {
            return "root total \(total) after \(runs) sends, expected \(expected)"
        }
        if rendersPerRun >= 0 {
            let renders = RenderCount.value - rendersAtStart
            if renders != rendersPerRun * runs {
                return "\(renders) render calls in \(runs) sends, expected \(rendersPerRun * runs)"
            }
        }
        return nil
    }
}

/// The vanilla op: the leaf's state and its path's totals (VanillaTally).
final class LeafSendVanilla: WorkloadOperation {
    private let tally: VanillaTally
    private let amount: Int
    private let nodeCount: Int
    private var runs = 0

    init(shape: TallyShape, amount: Int) {
        tally = VanillaTally(shape: shape)
        self.amount = amount
        nodeCount = shape.nodeCount
    }

    func run() {
        tally.bump(amount)
        blackHole(tally.rootTotal)
        runs &+= 1
    }

    func check() -> String? {
        let expected = nodeCount + runs * amount
        return tally.rootTotal == expected ? nil : "root total \(tally.rootTotal), expected \(expected)"
    }
}

extension TallyShape {
    /// A uniform tree from a profile with a fixed depth (W3, W4, W6).
    init(profile: WorkloadProfileShape) {
        self.init(depth: profile.depth, fanout: profile.fanout, seed: profile.seed)
    }
}
