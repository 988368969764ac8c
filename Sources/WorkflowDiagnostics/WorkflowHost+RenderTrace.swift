@_spi(WorkflowRuntimeConfig) import Workflow

// A host's face of render diagnostics (D1): made with a trace, it records
// every pass into it; a test asks it for its last pass.

extension WorkflowHost {
    /// Starts the tree and renders it once, recording every pass of this
    /// host, the first render included, into `renderTrace` (D1).
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
        return (traceRecorder as? RenderTraceHooks)?.recorder.trace
    }

    /// This host's last finished pass (a cascade, an `update(workflow:)` or
    /// the first render): every node it visited and why it rendered or was
    /// skipped. Nil when the host records no trace.
    public var lastRenderPass: RenderTrace.Pass? {
        MainQueue.check("lastRenderPass of WorkflowHost<\(WorkflowType.self)> was read")
        return (traceRecorder as? RenderTraceHooks)?.recorder.lastPass
    }
}

@_spi(WorkflowRuntimeConfig)
extension Runtime.Configuration {
    /// Render diagnostics (D1): every host made while this is set records
    /// its cascades and render passes into this trace. Nil (the default)
    /// records nothing and costs nothing. A trace given to a host's
    /// initializer takes precedence.
    public var renderTrace: RenderTrace? {
        get { traceSetting.target as? RenderTrace }
        set { traceSetting = RenderTraceSetting(newValue) }
    }
}

/// A trace is confined to the main queue (R22): its hosts record into it
/// there, and every member that reads or changes what it recorded checks
/// that it is called there. It is `Sendable`, as a target hosts record into
/// is, so that a `Configuration` carrying one is; what makes that sound is
/// the confinement,
/// checked at every public entry point as swift-nio's loop-bound values
/// check theirs.
extension RenderTrace: @unchecked Sendable {}
