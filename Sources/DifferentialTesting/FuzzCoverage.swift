/// What the runs exercised, counted from the reference's logs: evidence that
/// the cases reach the behaviours they are meant to compare (a fuzzer that
/// never removes a node proves nothing about node ends).
public struct FuzzCoverage: CustomStringConvertible {
    public var cases = 0
    public var steps = 0
    public var sends = 0
    /// Sends with no fitting sink (nothing ran).
    public var sendsWithoutTarget = 0
    /// Sends to a sink of an earlier rendering, and how many of them were
    /// dead (no action received).
    public var staleSends = 0
    public var deadSends = 0
    public var updates = 0
    /// Sends made from the output observer that reached their node.
    public var queuedSends = 0
    public var nodeStarts = 0
    public var nodeEnds = 0
    public var sideEffectStarts = 0
    public var sideEffectEnds = 0
    public var actionsApplied = 0
    public var rootOutputs = 0
    /// Steps in which the fast runtime rendered fewer nodes than the
    /// reference, and cascades in which it rendered none.
    public var stepsWithSkips = 0
    public var cascadesRenderingNothing = 0
    /// Cascades in which the fast runtime rendered nothing and still
    /// published its unchanged rendering (S3).
    public var cascadesPublishingUnrendered = 0
    /// Probes whose deinit ran while their host was running (R24).
    public var probeDeinits = 0
    /// Steps in which a host rendering bursts once published fewer
    /// renderings than the reference: bursts that did conflate (B3).
    public var burstsConflated = 0

    public init() {}

    mutating func count(reference: Observation, fast: Observation, event: FuzzEvent?, stale: Bool) {
        steps += 1
        if let event {
            switch event {
            case .update: updates += 1
            case .send, .queuedSend, .workerSends:
                sends += 1
                let received = reference.entries.filter { $0.hasPrefix("receive") }.count
                switch event {
                case .queuedSend where received > 1: queuedSends += 1
                case let .workerSends(sends, followUps) where !followUps.isEmpty && received > sends.count: queuedSends += 1
                default: break
                }
                if stale {
                    staleSends += 1
                    if !reference.entries.contains(where: { $0.hasPrefix("receive") }) { deadSends += 1 }
                }
                if fast.renders == 0 {
                    cascadesRenderingNothing += 1
                    if !fast.published.isEmpty { cascadesPublishingUnrendered += 1 }
                }
            }
        }
        for entry in reference.entries {
            if entry.hasPrefix("start ") { nodeStarts += 1 }
            else if entry.hasPrefix("end ") { nodeEnds += 1 }
            else if entry.hasPrefix("effect start") { sideEffectStarts += 1 }
            else if entry.hasPrefix("effect end") { sideEffectEnds += 1 }
            else if entry.hasPrefix("apply") { actionsApplied += 1 }
            else if entry.hasPrefix("probe ") { probeDeinits += 1 }
        }
        rootOutputs += reference.outputs.count
        if fast.renders < reference.renders { stepsWithSkips += 1 }
    }

    public var description: String {
        """
        \(cases) cases, \(steps) steps: \(sends) sends (\(staleSends) to stale sinks, \(deadSends) of them dead; \
        \(sendsWithoutTarget) without a target, \(queuedSends) queued from an output observer), \(updates) updates; \(actionsApplied) actions applied, \
        \(rootOutputs) root outputs; \(nodeStarts) node starts, \(nodeEnds) ends; \(sideEffectStarts) side-effect \
        starts, \(sideEffectEnds) ends; fast skipped renders in \(stepsWithSkips) steps, rendered nothing in \
        \(cascadesRenderingNothing) cascades (\(cascadesPublishingUnrendered) of them still published); \
        \(probeDeinits) probes' deinits re-entered their host; \(burstsConflated) bursts published fewer renderings
        """
    }
}
