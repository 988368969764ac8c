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
    private let root: Int32
    private let store: NodeStore<WorkflowType>
    private var pendingOutput: WorkflowType.Output?

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
        let root = runtime.startNode(workflow, store: store, key: key, parent: -1, route: route)
        self.hostContext = hostContext
        self.session = runtime.hasObserver
            ? runtime.sessions[Int(root)]!
            : WorkflowSession(workflow: workflow, renderKey: key, parent: parentSession)
        self.runtime = runtime
        self.root = root
        self.store = store

        route?.onOutput = { [unowned self] in pendingOutput = $0 }
        runtime.finishCascade = { [unowned self] in finishCascade() }
    }

    deinit {
        runtime.finishCascade = {}
        runtime.tearDown(root: root)
    }

    /// Whether the node has no parent session.
    var isRootNode: Bool {
        session.parent == nil
    }

    /// Renders the tree now (R4); a child that needs no render is skipped
    /// as usual (S2).
    func render(isRootNode: Bool = false) -> WorkflowType.Rendering {
        runtime.gate.isRendering = true
        defer { runtime.gate.isRendering = false }
        return runtime.renderNode(root, store: store)
    }

    /// Sinks already work once a render returned.
    func enableEvents() {}

    /// Gives the root a new workflow value; it renders on the next `render()`.
    func update(workflow: WorkflowType) {
        let slot = Int(runtime.nodes[Int(root)].slot)
        let old = store[slot].workflow
        var state = store[slot].state
        workflow.workflowDidChange(from: old, state: &state)
        store[slot].workflow = workflow
        store[slot].state = state
        if let observer = runtime.observer {
            observer.workflowDidChange(from: old, to: workflow, state: state, session: session)
        }
    }

    /// The tree as the debugger sees it.
    func makeDebugSnapshot() -> WorkflowHierarchyDebugSnapshot {
        runtime.snapshot(of: root)
    }

    private func finishCascade() {
        let output = pendingOutput
        pendingOutput = nil
        onOutput?(Output(
            outputEvent: output,
            debugInfo: hostContext.ifDebuggerEnabled { .cascade(path: runtime.cascadePath) }
        ))
    }
}
