// A host's face of render diagnostics (D1): made with a trace, it records
// every pass into it; a test asks it for its last pass.

extension WorkflowHost {
    /// Starts the tree and renders it once, recording every pass of this
    /// host, the first render included, into `renderTrace` (D1).
    @inlinable
    public convenience init(
        workflow: WorkflowType,
        observers: [WorkflowObserver] = [],
        debugger: WorkflowDebugger? = nil,
        renderTrace: RenderTrace
    ) {
        self.init(workflow: workflow, observers: observers, debugger: debugger, trace: renderTrace)
    }

    /// The trace this host records into: the one given to its initializer,
    /// or the configuration's `renderTrace` when the host was made; nil when
    /// it records nothing.
    public var renderTrace: RenderTrace? {
        MainQueue.check("renderTrace of WorkflowHost<\(WorkflowType.self)> was read")
        return port.runtime.trace?.recorder.trace
    }

    /// This host's last finished pass (a cascade, an `update(workflow:)` or
    /// the first render): every node it visited and why it rendered or was
    /// skipped. Nil when the host records no trace.
    public var lastRenderPass: RenderTrace.Pass? {
        MainQueue.check("lastRenderPass of WorkflowHost<\(WorkflowType.self)> was read")
        return port.runtime.trace?.recorder.lastPass
    }
}
