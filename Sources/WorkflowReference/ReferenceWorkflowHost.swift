@_spi(WorkflowRuntimeConfig) import Workflow
import WorkflowDiagnostics

/// Runs a workflow tree with the naive reference runtime: the same members
/// and the same observable behaviour as `WorkflowHost`, but every cascade
/// re-renders the whole tree from the root, as Square's workflow-swift does.
///
/// It is the oracle of the differential tests and the baseline of the
/// benchmarks. Use it from the main queue only (R22): every member but the
/// publishers, which carry their subscriptions there, stops the program
/// with R22's message when called from elsewhere.
@preconcurrency @MainActor
public final class ReferenceWorkflowHost<WorkflowType: Workflow> {
    /// The latest rendering of the root workflow.
    public var rendering: WorkflowType.Rendering {
        MainQueue.check("The rendering of ReferenceWorkflowHost<\(WorkflowType.self)> was read")
        return core.rendering
    }

    let core: ReferenceHostCore<WorkflowType>

    /// Starts the tree of `workflow` and renders it once. `observers` see
    /// every node event (chained in order); `debugger` gets a snapshot after
    /// the first render and after every cascade or update. The runtime
    /// configuration is read now.
    public convenience init(
        workflow: WorkflowType,
        observers: [WorkflowObserver] = [],
        debugger: WorkflowDebugger? = nil
    ) {
        self.init(workflow: workflow, observers: observers, debugger: debugger, trace: nil)
    }

    /// Starts the tree as `init(workflow:observers:debugger:)` does, and
    /// records every pass into `renderTrace` (D1). The reference renders
    /// every node of every pass, so each render's reason is `.new`,
    /// `.renderSkippingOff`, or `.hostUpdate` for the root of an update; it
    /// never skips.
    public convenience init(
        workflow: WorkflowType,
        observers: [WorkflowObserver] = [],
        debugger: WorkflowDebugger? = nil,
        renderTrace: RenderTrace
    ) {
        self.init(workflow: workflow, observers: observers, debugger: debugger, trace: renderTrace)
    }

    private init(workflow: WorkflowType, observers: [WorkflowObserver], debugger: WorkflowDebugger?, trace: RenderTrace?) {
        MainQueue.check("ReferenceWorkflowHost<\(WorkflowType.self)> was created")
        core = ReferenceHostCore(workflow: workflow, observers: observers, debugger: debugger, renderTrace: trace)
    }

    /// The trace this host records into (D1), or nil.
    public var renderTrace: RenderTrace? {
        MainQueue.check("renderTrace of ReferenceWorkflowHost<\(WorkflowType.self)> was read")
        return core.runtime.recorder?.trace
    }

    /// This host's last finished pass (D1), or nil without a trace.
    public var lastRenderPass: RenderTrace.Pass? {
        MainQueue.check("lastRenderPass of ReferenceWorkflowHost<\(WorkflowType.self)> was read")
        return core.runtime.recorder?.lastPass
    }

    /// Ends every node, post-order, and every side effect (R10): now, or,
    /// when released by code of a running cascade, once it has unwound.
    deinit {
        MainQueue.check("ReferenceWorkflowHost<\(WorkflowType.self)> was released")
        MainQueue.assumeMainActor(core) { $0.release() }
    }

    /// Gives the root a new workflow value: its `workflowDidChange`, then a
    /// render pass of the whole tree, always (R19); then the rendering
    /// observers and the debugger.
    public func update(workflow: WorkflowType) {
        MainQueue.check("update(workflow:) was called on ReferenceWorkflowHost<\(WorkflowType.self)>")
        core.update(workflow: workflow)
    }

    /// Calls `body` with every rendering published from now on, synchronously
    /// and in registration order, until the observation is cancelled or
    /// released.
    public func observeRenderings(_ body: @escaping (WorkflowType.Rendering) -> Void) -> HostObservation {
        MainQueue.check("observeRenderings(_:) was called on ReferenceWorkflowHost<\(WorkflowType.self)>")
        return core.renderingObservers.add(body)
    }

    /// Calls `body` with every output of the root from now on, after the
    /// rendering of its cascade was published, until the observation is
    /// cancelled or released.
    public func observeOutputs(_ body: @escaping (WorkflowType.Output) -> Void) -> HostObservation {
        MainQueue.check("observeOutputs(_:) was called on ReferenceWorkflowHost<\(WorkflowType.self)>")
        return core.outputObservers.add(body)
    }
}

// The streams need values that may cross to the consumer's task.

extension ReferenceWorkflowHost where WorkflowType.Rendering: Sendable {
    /// A new stream on every access: the current rendering, then one value
    /// per published rendering, only the newest kept for a slow consumer;
    /// it finishes when the host is released (R25).
    public var renderings: AsyncStream<WorkflowType.Rendering> {
        MainQueue.check("renderings of ReferenceWorkflowHost<\(WorkflowType.self)> was read")
        return core.renderingObservers.stream(startingWith: core.rendering, bufferingPolicy: .bufferingNewest(1))
    }
}

extension ReferenceWorkflowHost where WorkflowType.Output: Sendable {
    /// A new stream on every access: every root output from now on, in
    /// order, none dropped or replayed; it finishes when the host is
    /// released (R25).
    public var outputs: AsyncStream<WorkflowType.Output> {
        MainQueue.check("outputs of ReferenceWorkflowHost<\(WorkflowType.self)> was read")
        return core.outputObservers.stream(startingWith: nil, bufferingPolicy: .unbounded)
    }
}

extension ReferenceWorkflowHost {
    /// Workers' sends waiting for the end of the main queue's turn apply
    /// now (B1), as when the turn ends: for tests that run synchronously.
    package func endMainQueueTurn() {
        core.runtime.gate.flushGathered()
    }
}
