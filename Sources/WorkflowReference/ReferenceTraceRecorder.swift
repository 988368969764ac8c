@_spi(WorkflowRuntimeConfig) import Workflow
@_spi(WorkflowRuntimeConfig) import WorkflowDiagnostics

/// What one reference host writes into its `RenderTrace` (D1): for each
/// pass, the actions applied and every render, collected in plain arrays
/// and handed to the trace when the pass is over.
///
/// The reference renders every node it reaches, so a render's reason is
/// only ever `.new`, `.hostUpdate` or `.renderSkippingOff`, and nothing is
/// skipped.
@MainActor
final class ReferenceTraceRecorder {
    let trace: RenderTrace
    private let host: Int
    private let rootType: Any.Type

    /// The pass being recorded, if any.
    private var trigger: RenderTrace.Pass.Trigger?
    private var passBegin: UInt64 = 0
    private var actions: [RenderTrace.AppliedAction] = []
    private var renders: [RenderTrace.NodeRender] = []
    /// Indices in `renders` of the renders that began and have not ended,
    /// innermost last.
    private var openRenders: [Int] = []

    /// This host's last finished pass.
    private(set) var lastPass: RenderTrace.Pass?

    /// A recorder for a new host whose root is a `rootType`: into `trace`,
    /// else into the configuration's trace, else none.
    static func forHost(rootType: Any.Type, trace: RenderTrace?) -> ReferenceTraceRecorder? {
        guard let trace = trace ?? Runtime.configuration.renderTrace else { return nil }
        return ReferenceTraceRecorder(trace: trace, rootType: rootType)
    }

    private init(trace: RenderTrace, rootType: Any.Type) {
        self.trace = trace
        self.rootType = rootType
        host = trace.numberNewHost()
    }

    func now() -> UInt64 {
        trace.timestamp()
    }

    /// Opens a pass. A pass still open (its host was released in the middle
    /// of it) is kept first, as it is.
    func passWillBegin(_ trigger: RenderTrace.Pass.Trigger) {
        if self.trigger != nil { passDidEnd() }
        self.trigger = trigger
        passBegin = now()
    }

    /// Closes the pass and hands it to the trace. A render that never ended
    /// ends with the pass.
    func passDidEnd() {
        guard let trigger else { return }
        let end = now()
        for index in openRenders {
            renders[index].end = end
        }
        lastPass = trace.keepPass(
            host: host, rootType: rootType, trigger: trigger, begin: passBegin, end: end,
            actions: actions, renders: renders
        )
        self.trigger = nil
        actions = []
        renders = []
        openRenders = []
    }

    /// An action applied at `node`: its step ran from `begin` (a time taken
    /// before the observers heard of it) to now.
    func actionDidApply(
        _ actionType: Any.Type,
        path: [(workflowType: Any.Type, key: String)],
        node: Int,
        reachedByOutput: Bool,
        stateChange: RenderTrace.ActionStep.StateChange,
        begin: UInt64
    ) {
        actions.append(RenderTrace.AppliedAction(
            actionType: actionType, path: path, node: node, reachedByOutput: reachedByOutput,
            stateChange: stateChange, begin: begin, end: now()
        ))
    }

    /// A node's render began at `begin` (for a new node, a time taken before
    /// its `makeInitialState`; else before its new workflow value arrived).
    func nodeWillRender(_ workflowType: Any.Type, key: String, node: Int, reason: RenderReason, begin: UInt64) {
        openRenders.append(renders.count)
        // The end is set by `nodeDidRender`.
        renders.append(RenderTrace.NodeRender(
            workflowType: workflowType, key: key, node: node, reason: reason, begin: begin, end: begin
        ))
    }

    /// The innermost open render, children included, is over.
    func nodeDidRender() {
        guard let index = openRenders.popLast() else { return }
        renders[index].end = now()
    }
}
