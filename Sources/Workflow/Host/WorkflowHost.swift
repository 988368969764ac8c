/// Runs a workflow tree on the fast runtime: owns the root node, renders,
/// and hands renderings and root outputs to its observers.
///
/// All of it happens on the main queue (R22). Releasing the host ends every
/// node and every side-effect lifetime (R10).
public final class WorkflowHost<WorkflowType: Workflow> {
    let runtime: FastRuntime
    let rootStore: NodeStore<WorkflowType>
    /// Where the root's outputs wait for the end of their cascade.
    private let rootRoute: RootRoute<WorkflowType.Output>?
    let debugger: WorkflowDebugger?
    /// The configuration in force when the host was created; the host keeps
    /// to it for its whole life.
    let configuration: Runtime.Configuration
    private let renderingObservers = HostObservers<WorkflowType.Rendering>()
    private let outputObservers = HostObservers<WorkflowType.Output>()

    /// The latest rendering of the root.
    public private(set) var rendering: WorkflowType.Rendering

    /// Starts the tree and renders it once. The configuration in force
    /// (`Runtime.withConfiguration`, `Runtime.bootstrap`) is read here.
    @inlinable
    public convenience init(
        workflow: WorkflowType,
        observers: [WorkflowObserver] = [],
        debugger: WorkflowDebugger? = nil
    ) {
        let runtime = FastRuntime(observers: observers, hasDebugger: debugger != nil)
        let rootRoute = WorkflowType.Output.self == Never.self ? nil : RootRoute<WorkflowType.Output>()
        let rootStore = runtime.store(for: WorkflowType.self)
        runtime.startRoot(workflow, store: rootStore, key: "", route: rootRoute)
        let root = runtime.root
        self.init(
            runtime: runtime,
            rootStore: rootStore,
            rootRoute: rootRoute,
            debugger: debugger,
            firstRender: { runtime.renderNode(root, store: rootStore) }
        )
        // Made here, so that the root's render is specialised for its type
        // like every child below it.
        runtime.renderRoot = { [unowned self, unowned runtime] in
            didRender(runtime.renderNode(root, store: rootStore))
        }
    }

    @usableFromInline
    init(
        runtime: FastRuntime,
        rootStore: NodeStore<WorkflowType>,
        rootRoute: RootRoute<WorkflowType.Output>?,
        debugger: WorkflowDebugger?,
        firstRender: () -> WorkflowType.Rendering
    ) {
        MainQueue.precondition()
        self.runtime = runtime
        self.rootStore = rootStore
        self.rootRoute = rootRoute
        self.debugger = debugger
        self.configuration = Runtime.configuration
        rendering = runtime.renderPass(firstRender)
        runtime.cascadeDidEnd = { [unowned self] in cascadeDidEnd($0) }
        debugger?.didEnterInitialState(snapshot: runtime.snapshot(of: runtime.root))
    }

    /// Keeps a rendering of the root that the runtime made.
    @usableFromInline
    func didRender(_ rendering: WorkflowType.Rendering) {
        self.rendering = rendering
    }

    deinit {
        runtime.renderRoot = nil
        runtime.cascadeDidEnd = { _ in }
        runtime.tearDown()
    }

    /// Gives the root a new workflow value: its `workflowDidChange` runs and
    /// the tree renders (R19).
    public func update(workflow: WorkflowType) {
        MainQueue.precondition()
        runtime.gate.submitUpdate(of: WorkflowType.self) { [self] in performUpdate(workflow) }
    }

    /// Calls `body` with the rendering once per cascade and once per
    /// `update(workflow:)`, even when nothing changed (then with the same
    /// rendering), until the returned observation is cancelled or released.
    /// With `renderOnlyIfStateChanged` on, a cascade that changed no state
    /// publishes nothing (S3).
    public func observeRenderings(_ body: @escaping (WorkflowType.Rendering) -> Void) -> HostObservation {
        renderingObservers.add(body)
    }

    /// Calls `body` with each output of the root, after the rendering of its
    /// cascade was published (R17).
    public func observeOutputs(_ body: @escaping (WorkflowType.Output) -> Void) -> HostObservation {
        outputObservers.add(body)
    }

    /// The renderings from now on; the stream ends with the host.
    public var renderings: AsyncStream<WorkflowType.Rendering> { renderingObservers.stream() }

    /// The root's outputs from now on; the stream ends with the host.
    public var outputs: AsyncStream<WorkflowType.Output> { outputObservers.stream() }

    // MARK: - Cascades

    private func performUpdate(_ workflow: WorkflowType) {
        runtime.updateRoot(to: workflow, store: rootStore)
        renderingObservers.deliver(rendering)
        debugger?.didUpdate(
            snapshot: runtime.snapshot(of: runtime.root),
            updateInfo: WorkflowUpdateDebugInfo(workflowType: "\(WorkflowType.self)", kind: .didUpdate(source: .external))
        )
    }

    /// The end of a cascade (R18): the runtime rendered if due; the
    /// rendering is published (S3), then the root's output and the debugger.
    private func cascadeDidEnd(_ result: CascadeResult) {
        if result.publishesRendering {
            renderingObservers.deliver(rendering)
        }
        if let output = rootRoute?.takeOutput() {
            outputObservers.deliver(output)
        }
        if let debugger {
            debugger.didUpdate(
                snapshot: runtime.snapshot(of: runtime.root),
                updateInfo: .cascade(path: runtime.cascadePath)
            )
        }
    }
}
