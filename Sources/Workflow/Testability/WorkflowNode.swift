/// A fast-runtime tree driven by hand (`render()`), for the `@testable` seam.
@preconcurrency @MainActor
final class WorkflowNode<WorkflowType: Workflow> {
    struct Output {
        var outputEvent: WorkflowType.Output?
        var debugInfo: WorkflowUpdateDebugInfo?
    }

    let hostContext: HostContext
    /// The root's session: the observer's when there is one.
    let session: WorkflowSession
    /// Called at the end of every cascade.
    var onOutput: ((Output) -> Void)? {
        get { port.onOutput }
        set { port.onOutput = newValue }
    }

    private let port: WorkflowNodePort<WorkflowType>
    private var runtime: FastRuntime { port.runtime }

    /// Starts the root (session, initial state); it renders on `render()`.
    init(
        workflow: WorkflowType,
        key: String = "",
        hostContext: HostContext,
        parentSession: WorkflowSession? = nil
    ) {
        let runtime = FastRuntime(
            configuration: hostContext.runtimeConfig, observers: hostContext.observer.map { [$0] } ?? [],
            hasDebugger: hostContext.debugger != nil, trace: nil
        )
        port = WorkflowNodePort(runtime: runtime, hasDebugger: hostContext.debugger != nil)
        runtime.startTree(root: workflow, key: key, parentSession: parentSession, port: port)
        self.hostContext = hostContext
        self.session = runtime.hasObserver
            ? runtime.tree.session(of: runtime.root)!
            : WorkflowSession(workflow: workflow, renderKey: key, parent: parentSession)
    }

    deinit {
        // Released on the main queue, as a host is (R22).
        MainQueue.assumeMainActor(port) { $0.runtime.tearDown() }
    }

    var isRootNode: Bool {
        session.parent == nil
    }

    /// Renders the tree now (R4), skipping children as usual (S2).
    func render(isRootNode: Bool = false) -> WorkflowType.Rendering {
        let rendering = port.renderRoot()
        // Sends the pass queued (R15) run now, as after any render.
        runtime.gate.runQueued()
        return rendering
    }

    /// Sinks already work once a render returned.
    func enableEvents() {}

    /// Gives the root a new workflow value; it renders on the next `render()`.
    func update(workflow: WorkflowType) {
        runtime.updateRoot(to: workflow, publishes: false)
    }

    func makeDebugSnapshot() -> WorkflowHierarchyDebugSnapshot {
        runtime.snapshot(of: runtime.root)
    }
}
