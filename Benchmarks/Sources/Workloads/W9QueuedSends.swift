import Workflow
import WorkflowHostHarness

// W9: sends queued behind a cascade (R15). The root's rendering observer,
// on the op's first cascade, sends one leaf N times; each send waits for the
// running cascade, then runs as its own cascade. The cost per queued send
// must not grow with N (the queue used to shift every waiting send on each
// take: N²/2 moves).

/// The op on a host: one leaf send, whose cascade's rendering observer
/// sends N more; the send returns once the N queued cascades ran.
final class QueuedSendsOnHost<Host: WorkflowHosting>: WorkloadOperation where Host.WorkflowType == TallyNode {
    private let host: Host
    private let probe: Sink<TallyNode.Action>
    private let action = TallyNode.Action.bump(1)
    private let sends: Int
    private let nodeCount: Int
    private let rendersPerCascade: Int
    private let rendersAtStart: Int
    private var observation: HostObservation?
    /// The sends the observer is to make: set by `run`, taken by the first
    /// rendering the op publishes, so the queued cascades' renderings send nothing.
    private var pending = 0
    private var renderingsPublished = 0
    private var runs = 0

    init(shape: TallyShape, sends: Int, rendersPerCascade: Int) {
        host = Host(workflow: shape.root)
        probe = host.rendering.probe
        self.sends = sends
        nodeCount = shape.nodeCount
        self.rendersPerCascade = rendersPerCascade
        rendersAtStart = RenderCount.value
        // Unowned: the host, which keeps the closure, is this op's own.
        observation = host.observeRenderings { [unowned self] _ in renderingPublished() }
    }

    private func renderingPublished() {
        renderingsPublished &+= 1
        guard pending > 0 else { return }
        let count = pending
        pending = 0
        for _ in 0..<count { probe.send(action) }
    }

    func run() {
        pending = sends
        probe.send(action)
        blackHole(host.rendering.total)
        runs &+= 1
    }

    func check() -> String? {
        let cascades = runs * (sends + 1)
        if pending != 0 { return "the observer did not send (\(pending) sends left)" }
        if renderingsPublished != cascades { return "\(renderingsPublished) renderings published in \(runs) ops, expected \(cascades)" }
        let total = host.rendering.total
        if total != nodeCount + cascades {
            return "root total \(total) after \(runs) ops, expected \(nodeCount + cascades)"
        }
        let renders = RenderCount.value - rendersAtStart
        if renders != rendersPerCascade * cascades {
            return "\(renders) render calls in \(cascades) cascades, expected \(rendersPerCascade * cascades)"
        }
        return nil
    }
}

extension Catalog {
    static func queuedSendCases() throws -> [WorkloadCase] {
        let w9 = try WorkloadProfileShape("w9-queued-sends", shape: "uniform")
        try w9.requireEvents(["queuedSend"])
        let shape = TallyShape(profile: w9)
        return try w9.sizes().map { sends in
            WorkloadCase(
                id: "W9-queued-\(sends)", workload: "W9", operation: "\(sends) sends queued behind one cascade",
                profile: "w9-queued-sends", nodes: shape.nodeCount,
                // One op is N cascades; the reference's 100,000 take about a second.
                opsPerSample: [:], maxSamples: [.reference: 20], variants: [.fast, .reference],
                note: "no vanilla: the cost measured is the host's own queue", elementsPerOp: sends
            ) { variant in
                byVariant(variant,
                          fast: { QueuedSendsOnHost<Fast<TallyNode>>(shape: shape, sends: sends, rendersPerCascade: shape.depth + 1) },
                          reference: { QueuedSendsOnHost<Reference<TallyNode>>(shape: shape, sends: sends, rendersPerCascade: shape.nodeCount) },
                          vanilla: { preconditionFailure("W9 has no vanilla variant") })
            }
        }
    }
}
