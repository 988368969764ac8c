/// Runs a workflow tree on the fast runtime: owns the root node, renders,
/// and hands renderings and root outputs to its observers.
///
/// All of it happens on the main queue (R22): every member but the
/// publishers, which carry their subscriptions there, stops the program
/// with R22's message when called from elsewhere. Releasing the host ends
/// every node and every side-effect lifetime (R10); released by code the
/// host is running (an apply, an observer), it stops that cascade cleanly
/// first.
@preconcurrency @MainActor
public final class WorkflowHost<WorkflowType: Workflow> {
    /// Everything the host runs: the runtime, the observers, the debugger.
    @usableFromInline let port: PublishingPort<WorkflowType>

    /// The latest rendering of the root, read from its slot.
    @inlinable
    public var rendering: WorkflowType.Rendering {
        MainQueue.check("The rendering of WorkflowHost<\(WorkflowType.self)> was read")
        return port.readRendering(port)
    }

    /// Starts the tree and renders it once. The configuration in force
    /// (`Runtime.withConfiguration`, `Runtime.updateDefaultConfiguration`)
    /// is read here (C1).
    @inlinable
    public convenience init(
        workflow: WorkflowType,
        observers: [WorkflowObserver] = [],
        debugger: WorkflowDebugger? = nil
    ) {
        MainQueue.check("WorkflowHost<\(WorkflowType.self)> was created")
        let runtime = Self.makeRuntime(observers: observers, hasDebugger: debugger != nil)
        self.init(workflow: workflow, port: PublishingPort(runtime: runtime, debugger: debugger))
    }

    /// `trace` nil: the configuration's trace, if any (D1). The port is
    /// made here, where the root's type is known (`HostPort`).
    package convenience init(
        workflow: WorkflowType,
        observers: [WorkflowObserver],
        debugger: WorkflowDebugger?,
        trace: (any RenderTraceTarget)?
    ) {
        MainQueue.check("WorkflowHost<\(WorkflowType.self)> was created")
        let runtime = Self.makeRuntime(observers: observers, hasDebugger: debugger != nil, trace: trace)
        self.init(workflow: workflow, port: PublishingPort(runtime: runtime, debugger: debugger))
    }

    /// A runtime with the configuration in force now (C1), recording into
    /// the configuration's trace, if any.
    @usableFromInline
    static func makeRuntime(observers: [WorkflowObserver], hasDebugger: Bool) -> FastRuntime {
        makeRuntime(observers: observers, hasDebugger: hasDebugger, trace: nil)
    }

    /// A runtime with the configuration in force now (C1), recording into
    /// the trace given, else the configuration's.
    static func makeRuntime(observers: [WorkflowObserver], hasDebugger: Bool, trace: (any RenderTraceTarget)?) -> FastRuntime {
        let configuration = Runtime.configuration
        let recorder = (trace ?? configuration.traceSetting.target)?.recorder(
            forHostOf: WorkflowType.self, rendersEveryNode: !configuration.renderSkipping
        )
        return FastRuntime(configuration: configuration, observers: observers, hasDebugger: hasDebugger, trace: recorder)
    }

    /// The recorder of this host's trace, nil when it records none (D1).
    package var traceRecorder: (any RenderTraceRecorder)? { port.runtime.isTraced ? port.runtime.trace : nil }

    @usableFromInline
    init(workflow: WorkflowType, port: PublishingPort<WorkflowType>) {
        self.port = port
        port.start(workflow)
    }

    deinit {
        MainQueue.check("WorkflowHost<\(WorkflowType.self)> was released")
        HostPort.releaseFromDeinit(port)
    }

    /// Gives the root a new workflow value: its `workflowDidChange` runs and
    /// the tree renders (R19).
    public func update(workflow: WorkflowType) {
        MainQueue.check("update(workflow:) was called on WorkflowHost<\(WorkflowType.self)>")
        port.update(workflow: workflow)
    }

    /// Calls `body` with the rendering once per cascade and once per
    /// `update(workflow:)`, even when nothing changed (then with the same
    /// rendering), until the returned observation is cancelled or released.
    /// With `renderOnlyIfStateChanged` on, a cascade that changed no state
    /// publishes nothing (S3).
    public func observeRenderings(_ body: @escaping (WorkflowType.Rendering) -> Void) -> HostObservation {
        MainQueue.check("observeRenderings(_:) was called on WorkflowHost<\(WorkflowType.self)>")
        return port.renderingObservers.add(body)
    }

    /// Calls `body` with each output of the root, after the rendering of its
    /// cascade was published (R17).
    public func observeOutputs(_ body: @escaping (WorkflowType.Output) -> Void) -> HostObservation {
        MainQueue.check("observeOutputs(_:) was called on WorkflowHost<\(WorkflowType.self)>")
        return port.outputObservers.add(body)
    }
}

// The streams need values that may cross to the consumer's task, as
// upstream's proposal has them.

extension WorkflowHost where WorkflowType.Rendering: Sendable {
    /// A new, independent stream on every access: the current rendering
    /// first, then one value per published rendering (R25). A slow consumer
    /// reads only the newest: the stream keeps one value. It finishes when
    /// the host goes away.
    public var renderings: AsyncStream<WorkflowType.Rendering> {
        MainQueue.check("renderings of WorkflowHost<\(WorkflowType.self)> was read")
        return port.renderingObservers.stream(startingWith: rendering, bufferingPolicy: .bufferingNewest(1))
    }
}

extension WorkflowHost where WorkflowType.Output: Sendable {
    /// A new, independent stream on every access: every output of the root
    /// from now on, in order, none dropped and none replayed (R25). It
    /// finishes when the host goes away.
    public var outputs: AsyncStream<WorkflowType.Output> {
        MainQueue.check("outputs of WorkflowHost<\(WorkflowType.self)> was read")
        return port.outputObservers.stream(startingWith: nil, bufferingPolicy: .unbounded)
    }
}

extension WorkflowHost {
    /// Ends the main queue's turn now for workers' sends (B1), for tests.
    package func endMainQueueTurn() {
        port.runtime.gate.flushGathered()
    }
}
