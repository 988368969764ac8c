/// How the fast runtime's render trace (D1) hears about nodes: as the first
/// of the host's observers. The render path has an observer test already,
/// so a host without a trace pays nothing for this; a traced host keeps a
/// session per node, as an observed one does.
///
/// A node is known to the recorder by its session's ID. It hears that
/// a node is new (`sessionDidBegin`, before `makeInitialState`), that a
/// node the parent had before got its new workflow value and why it will
/// render (`workflowDidChange`, which only a node that is not skipped gets,
/// S2), and when each render starts and ends (`workflowWillRender` and its
/// completion). Skips and actions come from the runtime (`+RenderTrace`).
final class RenderTraceObserver: WorkflowObserver {
    let recorder: RenderRecorder
    /// Set by the runtime once it is made; it owns this observer.
    unowned(unsafe) var runtime: FastRuntime!

    init(recorder: RenderRecorder) {
        self.recorder = recorder
    }

    /// A node's identity in the trace: its session's ID, unique in the
    /// process.
    static func identity(of session: WorkflowSession) -> Int {
        Int(truncatingIfNeeded: session.sessionID.rawIdentifier)
    }

    func sessionDidBegin(_ session: WorkflowSession) {
        recorder.expectRender(of: Self.identity(of: session), reason: .new)
    }

    func sessionDidEnd(_ session: WorkflowSession) {
        recorder.forget(Self.identity(of: session))
    }

    /// R7, R19: the node renders next, for the first reason that holds.
    func workflowDidChange<W: Workflow>(from oldWorkflow: W, to newWorkflow: W, state: W.State, session: WorkflowSession) {
        let node = Self.identity(of: session)
        let reason: RenderReason
        if runtime.passes.depth == 0, recorder.trigger == .update {
            reason = .hostUpdate
        } else if !runtime.skipsCleanChildren {
            reason = .renderSkippingOff
        } else if let own = recorder.ownStateChange(of: node) {
            reason = own
        } else {
            switch runtime.store(for: W.self).compare(oldWorkflow, newWorkflow) {
            case .notComparable: reason = .propsNotEquatable
            case .changed: reason = .propsChanged
            // Equal props and not skipped: its subtree is dirty (S1).
            case .equal: reason = .descendantChanged
            }
        }
        recorder.expectRender(of: node, reason: reason)
    }

    func workflowWillRender<W: Workflow>(_ workflow: W, state: W.State, session: WorkflowSession) -> ((W.Rendering) -> Void)? {
        let node = Self.identity(of: session)
        let runtime = runtime!
        let isRoot = runtime.passes.depth == 0
        recorder.nodeWillRender(
            W.self, key: session.renderKey, node: node, isRoot: isRoot,
            otherwise: isRoot ? rootReason(runtime) : .descendantChanged
        )
        // The end closes the render that started last.
        return { [recorder] _ in recorder.nodeDidRender() }
    }

    /// Why the root renders at the end of a cascade, or in a first render.
    private func rootReason(_ runtime: FastRuntime) -> RenderReason {
        switch recorder.trigger {
        case .firstRender: .new
        case .update: .hostUpdate
        case .action:
            !runtime.skipsCleanChildren ? .renderSkippingOff
                : recorder.ownStateChange(of: Self.identity(of: runtime.sessions[runtime.root.position]!)) ?? .descendantChanged
        }
    }
}
