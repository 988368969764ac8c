import Workflow

// What one host's nodes share, and the record of one cascade (R16-R18).

/// The per-host state every node and sink registration of one host reaches:
/// the gate, the chained observer and the configuration read at init.
///
/// Owned by the host and by every node (nodes hold it strongly; it holds
/// nothing back but a weak route to the host), touched on the main queue only.
@MainActor
final class ReferenceRuntime {
    /// Whether work may run now, later, or not at all (R10, R15, R16, R19).
    let gate = ReferenceGate()

    /// The host's observers chained into one, or nil: sessions are made only
    /// when this is set.
    let observer: WorkflowObserver?

    /// `Runtime.configuration.renderOnlyIfStateChanged`, read once by the host.
    let renderOnlyIfStateChanged: Bool
    /// `Runtime.configuration.conflateStaleRenderings` (B1-B4).
    let conflatesBursts: Bool
    /// The running burst's cascade, which the sends that join it apply into,
    /// and the path of its latest send, the one the debugger hears of.
    private var burst: ReferenceCascade?
    private var burstOriginPath: [Any.Type] = []

    /// The render trace's writer (D1), nil when the host has no trace.
    let recorder: ReferenceTraceRecorder?

    /// Set by the host once it is built: renders and notifies after a
    /// cascade's actions were applied. It holds the host's core, so that a
    /// cascade outlives a release made by its own code; the host's teardown
    /// clears it.
    var finishCascade: ((ReferenceCascade, [Any.Type]) -> Void)?

    /// How many nodes are rendering now, and the rendering thread's stack
    /// end (`StackGuard`), read before each render pass.
    var renderDepth = 0
    var stackEnd: UInt = 0

    init(
        observer: WorkflowObserver?, renderOnlyIfStateChanged: Bool, conflatesBursts: Bool,
        recorder: ReferenceTraceRecorder?
    ) {
        self.observer = observer
        self.renderOnlyIfStateChanged = renderOnlyIfStateChanged
        self.conflatesBursts = conflatesBursts
        self.recorder = recorder
    }

    /// Whether the host was released: nothing more of its work runs (R10).
    var isReleased: Bool { gate.isReleased }

    /// Runs `body` as a render pass: a send meanwhile waits for the end of
    /// the cascade, or is a fatal error when its node is rendering (R15).
    func renderPass<Result>(_ body: () -> Result) -> Result {
        stackEnd = StackGuard.currentStackEnd()
        return gate.renderPass(body)
    }

    /// One cascade that starts at the node whose types up to the root are
    /// `originPath`: `applyActions` applies the action there and up through
    /// the output maps, then the host renders and notifies. The gate runs
    /// it; it holds no node past `applyActions`, so that a node the render
    /// pass ends goes in that pass, as in the fast runtime (R24).
    ///
    /// B1, B2: with bursts rendered once, the sends waiting behind it then
    /// apply into the same cascade, in order, until an update waits or an
    /// output left the root; one render pass follows.
    func runCascade(originPath: [Any.Type], _ applyActions: (ReferenceCascade) -> Void) {
        if let burst {
            burst.appliedCount = 0
            burstOriginPath = originPath
            applyActions(burst)
            return
        }
        recorder?.passWillBegin(.action)
        defer { recorder?.passDidEnd() }
        let cascade = ReferenceCascade()
        applyActions(cascade)
        var path = originPath
        if conflatesBursts {
            burst = cascade
            burstOriginPath = originPath
            while !isReleased, cascade.rootOutput == nil, let next = gate.takeBurstWork() {
                next()
            }
            burst = nil
            path = burstOriginPath
        }
        finishCascade?(cascade, path)
    }
}

/// What the actions of one cascade did, filled in as they are applied from
/// the node that got the action up towards the root.
@MainActor
final class ReferenceCascade {
    /// How many nodes applied an action: the origin and the ancestors reached
    /// through outputs (the debugger's `.subtree` steps).
    var appliedCount = 0

    /// Whether an applied action changed a state, in S1's sense.
    var stateChanged = false

    /// The root's output, if the cascade reached past the root. Boxed because
    /// nodes do not know the root's type; the host unboxes it.
    var rootOutput: Any?
}
