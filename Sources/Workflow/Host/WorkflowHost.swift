/// Runs a workflow tree on the fast runtime: owns the root node, renders,
/// and hands renderings and root outputs to its observers.
///
/// All of it happens on the main queue (R22). Releasing the host ends every
/// node and every side-effect lifetime (R10); released by code the host is
/// running (an apply, an observer), it stops that cascade cleanly first.
public final class WorkflowHost<WorkflowType: Workflow> {
    @usableFromInline let core: HostCore<WorkflowType>

    /// The latest rendering of the root.
    @inlinable
    public var rendering: WorkflowType.Rendering { core.rendering }

    /// Starts the tree and renders it once. The configuration in force
    /// (`Runtime.withConfiguration`, `Runtime.updateDefaultConfiguration`)
    /// is read here (C1).
    @inlinable
    public convenience init(
        workflow: WorkflowType,
        observers: [WorkflowObserver] = [],
        debugger: WorkflowDebugger? = nil
    ) {
        self.init(workflow: workflow, observers: observers, debugger: debugger, trace: nil)
    }

    /// `trace` nil: the configuration's `renderTrace`, if any (D1).
    @inlinable
    convenience init(
        workflow: WorkflowType,
        observers: [WorkflowObserver],
        debugger: WorkflowDebugger?,
        trace: RenderTrace?
    ) {
        MainQueue.check("WorkflowHost<\(WorkflowType.self)> was created")
        let runtime = FastRuntime(
            observers: observers, hasDebugger: debugger != nil,
            renderRecorder: RenderRecorder.forHost(of: WorkflowType.self, trace: trace)
        )
        let rootRoute = WorkflowType.Output.self == Never.self ? nil : RootRoute<WorkflowType.Output>()
        let rootStore = runtime.store(for: WorkflowType.self)
        runtime.startRoot(workflow, store: rootStore, key: "", route: rootRoute)
        let root = runtime.root
        let core = HostCore(
            runtime: runtime,
            rootStore: rootStore,
            rootRoute: rootRoute,
            debugger: debugger,
            firstRender: { runtime.renderNode(root, store: rootStore) }
        )
        // Made here, so that the root's render is specialised for its type
        // like every child below it. It holds the core, as a cascade must
        // (see HostCore); the teardown lets go of it.
        runtime.renderRoot = { core.renderRoot() }
        // Strongly too: a cascade keeps the core alive even if the handle
        // goes meanwhile. The teardown ends the cycle.
        runtime.cascadeDidEnd = { core.cascadeDidEnd($0) }
        core.didFinishSetUp()
        self.init(core: core)
    }

    @usableFromInline
    init(core: HostCore<WorkflowType>) {
        self.core = core
    }

    deinit {
        MainQueue.check("WorkflowHost<\(WorkflowType.self)> was released")
        core.release()
    }

    /// Gives the root a new workflow value: its `workflowDidChange` runs and
    /// the tree renders (R19).
    public func update(workflow: WorkflowType) {
        MainQueue.check("update(workflow:) was called on WorkflowHost<\(WorkflowType.self)>")
        core.update(workflow: workflow)
    }

    /// Calls `body` with the rendering once per cascade and once per
    /// `update(workflow:)`, even when nothing changed (then with the same
    /// rendering), until the returned observation is cancelled or released.
    /// With `renderOnlyIfStateChanged` on, a cascade that changed no state
    /// publishes nothing (S3).
    public func observeRenderings(_ body: @escaping (WorkflowType.Rendering) -> Void) -> HostObservation {
        core.renderingObservers.add(body)
    }

    /// Calls `body` with each output of the root, after the rendering of its
    /// cascade was published (R17).
    public func observeOutputs(_ body: @escaping (WorkflowType.Output) -> Void) -> HostObservation {
        core.outputObservers.add(body)
    }

    /// A new, independent stream on every access: the current rendering
    /// first, then one value per published rendering (R25). A slow consumer
    /// reads only the newest: the stream keeps one value. It finishes when
    /// the host goes away.
    public var renderings: AsyncStream<WorkflowType.Rendering> {
        core.renderingObservers.stream(startingWith: core.rendering, bufferingPolicy: .bufferingNewest(1))
    }

    /// A new, independent stream on every access: every output of the root
    /// from now on, in order, none dropped and none replayed (R25). It
    /// finishes when the host goes away.
    public var outputs: AsyncStream<WorkflowType.Output> {
        core.outputObservers.stream(startingWith: nil, bufferingPolicy: .unbounded)
    }
}
