/// Runs a workflow tree on the fast runtime: owns the root node, renders,
/// and hands renderings and root outputs to its observers.
///
/// All of it happens on the main queue (R22). Releasing the host ends every
/// node and every side-effect lifetime (R10).
public final class WorkflowHost<WorkflowType: Workflow> {
    @usableFromInline let runtime: FastRuntime
    @usableFromInline let root: Int32
    @usableFromInline let rootStore: NodeStore<WorkflowType>
    /// The root's render pass, made where the host is created so that it is
    /// specialised for the root type like every child below it.
    @usableFromInline let renderRoot: () -> WorkflowType.Rendering
    let debugger: WorkflowDebugger?
    /// The configuration in force when the host was created; the host keeps
    /// to it for its whole life.
    let configuration: Runtime.Configuration
    private let renderOnlyIfStateChanged: Bool
    private let renderingObservers = HostObservers<WorkflowType.Rendering>()
    private let outputObservers = HostObservers<WorkflowType.Output>()
    private var pendingOutput: WorkflowType.Output?

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
        let root = runtime.startNode(workflow, store: rootStore, key: "", parent: -1, route: rootRoute)
        self.init(
            runtime: runtime,
            root: root,
            rootStore: rootStore,
            rootRoute: rootRoute,
            debugger: debugger,
            renderRoot: { [unowned runtime] in runtime.renderNode(root, store: rootStore) }
        )
    }

    @usableFromInline
    init(
        runtime: FastRuntime,
        root: Int32,
        rootStore: NodeStore<WorkflowType>,
        rootRoute: RootRoute<WorkflowType.Output>?,
        debugger: WorkflowDebugger?,
        renderRoot: @escaping () -> WorkflowType.Rendering
    ) {
        MainQueue.check("WorkflowHost<\(WorkflowType.self)> was created")
        self.runtime = runtime
        self.root = root
        self.rootStore = rootStore
        self.renderRoot = renderRoot
        self.debugger = debugger
        self.configuration = Runtime.configuration
        self.renderOnlyIfStateChanged = configuration.renderOnlyIfStateChanged
        runtime.gate.isRendering = true
        rendering = renderRoot()
        runtime.gate.isRendering = false

        rootRoute?.onOutput = { [unowned self] in pendingOutput = $0 }
        runtime.finishCascade = { [unowned self] in finishCascade() }
        debugger?.didEnterInitialState(snapshot: runtime.snapshot(of: root))
    }

    deinit {
        MainQueue.check("WorkflowHost<\(WorkflowType.self)> was released")
        runtime.finishCascade = {}
        runtime.tearDown(root: root)
    }

    /// Gives the root a new workflow value: its `workflowDidChange` runs and
    /// the tree renders (R19).
    public func update(workflow: WorkflowType) {
        MainQueue.check("update(workflow:) was called on WorkflowHost<\(WorkflowType.self)>")
        if runtime.gate.isRendering {
            RuntimeErrors.updateDuringRender(workflowType: WorkflowType.self)
        }
        if runtime.gate.isBusy {
            // Weakly: an update queued by an observer that then released the
            // host is dropped with it.
            runtime.gate.enqueue { [weak self] in self?.performUpdate(workflow) }
        } else {
            runtime.gate.run { performUpdate(workflow) }
        }
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
        let slot = Int(runtime.nodes[Int(root)].slot)
        let old = rootStore[slot].workflow
        var state = rootStore[slot].state
        workflow.workflowDidChange(from: old, state: &state)
        rootStore[slot].workflow = workflow
        rootStore[slot].state = state
        if let observer = runtime.observer {
            observer.workflowDidChange(from: old, to: workflow, state: state, session: runtime.sessions[Int(root)]!)
        }
        render()
        debugger?.didUpdate(
            snapshot: runtime.snapshot(of: root),
            updateInfo: WorkflowUpdateDebugInfo(workflowType: "\(WorkflowType.self)", kind: .didUpdate(source: .external))
        )
    }

    /// The end of a cascade (R18): the rendering is published (S3), then
    /// the root's output and the debugger.
    private func finishCascade() {
        if !renderOnlyIfStateChanged || runtime.cascadeChangedState {
            publishAfterCascade()
        }
        if let output = pendingOutput {
            pendingOutput = nil
            outputObservers.deliver(output)
        }
        if let debugger {
            debugger.didUpdate(
                snapshot: runtime.snapshot(of: root),
                updateInfo: .cascade(path: runtime.cascadePath)
            )
        }
    }

    /// S3: every cascade publishes once. With skipping, a clean root (no
    /// state changed anywhere, S1) is not rendered, and observers get the
    /// rendering it already has.
    private func publishAfterCascade() {
        let rendersRoot = !runtime.skipsCleanChildren || runtime.nodes[Int(root)].needsRender
        #if DEBUG
        if FaultInjection.publishOnlyAfterRender, !rendersRoot { return }
        #endif
        if rendersRoot {
            render()
        } else {
            renderingObservers.deliver(rendering)
        }
    }

    private func render() {
        runtime.gate.isRendering = true
        rendering = renderRoot()
        runtime.gate.isRendering = false
        renderingObservers.deliver(rendering)
    }
}
