/// A workflow tree driven by hand, for code written against the runtime's
/// `@testable` seam: `render()` renders it when asked, and each cascade an
/// action starts ends with `onOutput` (the root's output, if any, and the
/// debug information when there is a debugger) instead of a render pass.
///
/// It runs the fast runtime, as `WorkflowHost` does, with the root as its
/// one node of `WorkflowType`. Its sinks work as soon as a render returned,
/// so `enableEvents()` has nothing to do.
final class WorkflowNode<WorkflowType: Workflow> {
    /// What a cascade produced.
    struct Output {
        var outputEvent: WorkflowType.Output?
        var debugInfo: WorkflowUpdateDebugInfo?
    }

    let hostContext: HostContext
    /// The root's session: the observer's when there is one.
    let session: WorkflowSession
    /// Called at the end of every cascade.
    var onOutput: ((Output) -> Void)?

    private let runtime: FastRuntime
    private let store: NodeStore<WorkflowType>
    private let rootRoute: RootRoute<WorkflowType.Output>?

    /// Starts the root (session, initial state); it renders on `render()`.
    init(
        workflow: WorkflowType,
        key: String = "",
        hostContext: HostContext,
        parentSession: WorkflowSession? = nil
    ) {
        let runtime = Runtime.withConfiguration(override: { $0 = hostContext.runtimeConfig }) {
            FastRuntime(observers: hostContext.observer.map { [$0] } ?? [], hasDebugger: hostContext.debugger != nil)
        }
        runtime.rootParentSession = parentSession
        let route = WorkflowType.Output.self == Never.self ? nil : RootRoute<WorkflowType.Output>()
        let store = runtime.store(for: WorkflowType.self)
        runtime.startRoot(workflow, store: store, key: key, route: route)
        self.hostContext = hostContext
        self.session = runtime.hasObserver
            ? runtime.sessions[runtime.root.position]!
            : WorkflowSession(workflow: workflow, renderKey: key, parent: parentSession)
        self.runtime = runtime
        self.store = store
        self.rootRoute = route

        // No `renderRoot`: the tree renders when asked.
        runtime.cascadeDidEnd = { [unowned self] _ in cascadeDidEnd() }
    }

    deinit {
        runtime.cascadeDidEnd = { _ in }
        runtime.tearDown()
    }

    /// Whether the node has no parent session.
    var isRootNode: Bool {
        session.parent == nil
    }

    /// Renders the tree now (R4); a child that needs no render is skipped
    /// as usual (S2).
    func render(isRootNode: Bool = false) -> WorkflowType.Rendering {
        let rendering = runtime.renderPass { runtime.renderNode(runtime.root, store: store) }
        // Sends the pass queued (R15) run now, as after any render.
        runtime.gate.runQueued()
        return rendering
    }

    /// Sinks already work once a render returned.
    func enableEvents() {}

    /// Gives the root a new workflow value; it renders on the next `render()`.
    func update(workflow: WorkflowType) {
        runtime.updateRoot(to: workflow, store: store)
    }

    /// The tree as the debugger sees it.
    func makeDebugSnapshot() -> WorkflowHierarchyDebugSnapshot {
        runtime.snapshot(of: runtime.root)
    }

    private func cascadeDidEnd() {
        onOutput?(Output(
            outputEvent: rootRoute?.takeOutput(),
            debugInfo: hostContext.ifDebuggerEnabled { .cascade(path: runtime.cascadePath) }
        ))
    }
}
