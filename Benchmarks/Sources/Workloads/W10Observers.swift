import Workflow
import WorkflowHostHarness

// W10: one cascade delivered to K rendering observers (`observeRenderings`).
// A delivery round must cost the same per observer at any K (it used to
// look each observer up in the live list: K²/2 steps).

/// One observer's calls, each observer its own, so that `check` sees every
/// one was called, not only how many calls were made.
final class ObserverCallCount {
    /// Unchecked: written by its observer only, on the main queue (R22),
    /// so that an observer's own work is a few instructions.
    @exclusivity(unchecked) var count = 0
}

/// The op on a host with K observers: one leaf send, one cascade.
final class ObservedSendOnHost<Host: WorkflowHosting>: WorkloadOperation where Host.WorkflowType == TallyNode {
    private let host: Host
    private let probe: Sink<TallyNode.Action>
    private let action = TallyNode.Action.bump(1)
    private let nodeCount: Int
    private let calls: [ObserverCallCount]
    private var observations: [HostObservation] = []
    private var runs = 0

    init(shape: TallyShape, observers: Int) {
        host = Host(workflow: shape.root)
        probe = host.rendering.probe
        nodeCount = shape.nodeCount
        calls = (0..<observers).map { _ in ObserverCallCount() }
        observations = calls.map { counter in
            host.observeRenderings { _ in counter.count &+= 1 }
        }
    }

    func run() {
        probe.send(action)
        blackHole(host.rendering.total)
        runs &+= 1
    }

    func check() -> String? {
        let total = host.rendering.total
        if total != nodeCount + runs {
            return "root total \(total) after \(runs) sends, expected \(nodeCount + runs)"
        }
        if let index = calls.firstIndex(where: { $0.count != runs }) {
            return "observer \(index) called \(calls[index].count) times in \(runs) sends, expected \(runs)"
        }
        return nil
    }
}

extension Catalog {
    static func observerCases() throws -> [WorkloadCase] {
        let w10 = try WorkloadProfileShape("w10-observers", shape: "uniform")
        try w10.requireEvents(["leafSend"])
        let shape = TallyShape(profile: w10)
        return try w10.sizes().map { observers in
            // About 10,000 observer calls per sample: 100 observers' op is a
            // few microseconds, lost in ordo-one's overhead if run alone.
            let batch = max(1, 10_000 / observers)
            return WorkloadCase(
                id: "W10-observers-\(observers)", workload: "W10", operation: "one send delivered to \(observers) rendering observers",
                profile: "w10-observers", nodes: shape.nodeCount,
                opsPerSample: [.fast: batch, .reference: batch], maxSamples: [:], variants: [.fast, .reference],
                note: "no vanilla: the cost measured is the host's own observer list", elementsPerOp: observers
            ) { variant in
                byVariant(variant,
                          fast: { ObservedSendOnHost<Fast<TallyNode>>(shape: shape, observers: observers) },
                          reference: { ObservedSendOnHost<Reference<TallyNode>>(shape: shape, observers: observers) },
                          vanilla: { preconditionFailure("W10 has no vanilla variant") })
            }
        }
    }
}
