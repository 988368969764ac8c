/// Everything a `WorkflowHost` runs, apart from the handle the user holds:
/// the runtime, the root's store and route, the rendering, the observers and
/// the debugger.
///
/// The handle's release is the host's end (R10). The user may release it
/// from code the host itself is running (an apply, an output map, an
/// observer hook, a rendering or output observer, an `onEnded`), so nothing
/// of the host runs on the handle: the runtime holds the core while a
/// cascade runs, the cascade stops at its next step once the gate is closed,
/// and the tree ends when the cascade has unwound.
@usableFromInline
final class HostCore<WorkflowType: Workflow> {
    @usableFromInline let runtime: FastRuntime
    @usableFromInline let rootStore: NodeStore<WorkflowType>
    /// Where the root's outputs wait for the end of their cascade.
    @usableFromInline let rootRoute: RootRoute<WorkflowType.Output>?
    let debugger: WorkflowDebugger?
    /// Whether `debugger` is set: a Bool test, not a copy of the existential.
    @usableFromInline let hasDebugger: Bool
    /// The configuration in force when the host was created; the host keeps
    /// to it for its whole life.
    let configuration: Runtime.Configuration
    @usableFromInline let renderingObservers = HostObservers<WorkflowType.Rendering>()
    @usableFromInline let outputObservers = HostObservers<WorkflowType.Output>()

    /// The latest rendering of the root.
    @exclusivity(unchecked) @usableFromInline var rendering: WorkflowType.Rendering

    /// A render pass of the root, whose rendering replaces the host's once
    /// the pass is over, as upstream's host does: the replaced one goes then,
    /// outside the pass and outside the assignment, so that a deinit it runs
    /// may send, update or release the host (R24). Specialised: the runtime
    /// calls it through the closure the host made where the root's type is
    /// known.
    @inlinable
    func renderRoot() {
        #if DEBUG  // fault injection (differential tests): released inside the pass
        if FaultInjection.releaseRenderingInPass {
            return runtime.renderPass { keep(runtime.renderNode(runtime.root, store: rootStore)) }
        }
        #endif
        keep(runtime.renderPass { runtime.renderNode(runtime.root, store: rootStore) })
    }

    @inlinable
    func keep(_ newRendering: WorkflowType.Rendering) {
        var replaced = newRendering
        swap(&rendering, &replaced)
        _ = consume replaced
    }

    @usableFromInline
    init(
        runtime: FastRuntime,
        rootStore: NodeStore<WorkflowType>,
        rootRoute: RootRoute<WorkflowType.Output>?,
        debugger: WorkflowDebugger?,
        firstRender: () -> WorkflowType.Rendering
    ) {
        self.runtime = runtime
        self.rootStore = rootStore
        self.rootRoute = rootRoute
        self.debugger = debugger
        self.hasDebugger = debugger != nil
        self.configuration = Runtime.configuration
        rendering = runtime.renderPass(firstRender)
    }

    /// The host's setup is over and it can render and publish: the debugger
    /// hears of the first render (R21), then what the first render queued
    /// runs (R15), as on the reference.
    @usableFromInline
    func didFinishSetUp() {
        debugger?.didEnterInitialState(snapshot: runtime.snapshot(of: runtime.root))
        runtime.gate.runQueued()
    }

    /// The handle was released: the tree ends now, or once the running
    /// cascade has unwound.
    func release() {
        runtime.gate.close { [self] in tearDown() }
    }

    /// Ends every node and side effect (R10), then the observers' streams.
    private func tearDown() {
        runtime.renderRoot = nil
        runtime.cascadeDidEnd = { _ in }
        runtime.tearDown()
        renderingObservers.finishAll()
        outputObservers.finishAll()
    }

    /// R19, after the current cascade when called from one.
    func update(workflow: WorkflowType) {
        runtime.gate.submitUpdate(of: workflow) { [self] in performUpdate($0) }
    }

    @inlinable
    var isReleased: Bool { runtime.gate.isClosed }

    private func performUpdate(_ workflow: WorkflowType) {
        runtime.updateRoot(to: workflow, store: rootStore)
        guard !isReleased else { return }
        renderingObservers.deliver(rendering)
        guard !isReleased else { return }
        debugger?.didUpdate(
            snapshot: runtime.snapshot(of: runtime.root),
            updateInfo: WorkflowUpdateDebugInfo(workflowType: "\(WorkflowType.self)", kind: .didUpdate(source: .external))
        )
    }

    /// The end of a cascade (R18): the runtime rendered if due; the
    /// rendering is published (S3), then the root's output and the debugger;
    /// a step after the host's release does not run. Specialised: the host
    /// hands it to the runtime where the root's type is known.
    @inlinable
    func cascadeDidEnd(_ result: CascadeResult) {
        guard !isReleased else { return }
        if result.publishesRendering {
            renderingObservers.deliver(rendering)
        }
        if let output = rootRoute?.takeOutput(), !isReleased {
            outputObservers.deliver(output)
        }
        if hasDebugger, !isReleased {
            debuggerDidUpdate()
        }
    }

    @usableFromInline
    func debuggerDidUpdate() {
        debugger?.didUpdate(
            snapshot: runtime.snapshot(of: runtime.root),
            updateInfo: .cascade(path: runtime.cascadePath)
        )
    }
}
