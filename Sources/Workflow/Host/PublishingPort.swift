/// A `WorkflowHost`'s port, and everything the host runs apart from the
/// handle the user holds: the runtime, the observers and the debugger. At
/// the end of a cascade it renders the root if due, then publishes the
/// rendering (S3), the root's output and the debugger's update, in that
/// order (R17, R18), as upstream's `handle(output:)` does.
///
/// The handle's release is the host's end (R10). The user may release it
/// from code the host itself is running (an apply, an output map, an
/// observer hook, a rendering or output observer, an `onEnded`), so nothing
/// of the host runs on the handle: the gate holds the port until the
/// running cascade has unwound, the cascade stops at its next step once the
/// gate is closed, and the tree ends then.
@usableFromInline
final class PublishingPort<WorkflowType: Workflow>: RootPort<WorkflowType> {
    @usableFromInline let debugger: WorkflowDebugger?
    /// Whether `debugger` is set: a Bool test, not a copy of the existential.
    @usableFromInline let hasDebugger: Bool
    @usableFromInline let renderingObservers: HostObservers<WorkflowType.Rendering>
    @usableFromInline let outputObservers: HostObservers<WorkflowType.Output>

    @inlinable
    init(runtime: FastRuntime, debugger: WorkflowDebugger?) {
        self.debugger = debugger
        self.hasDebugger = debugger != nil
        self.renderingObservers = HostObservers()
        self.outputObservers = HostObservers()
        super.init(runtime: runtime) { port, result, _ in
            unsafeDowncast(port, to: PublishingPort<WorkflowType>.self).publish(result)
        }
    }

    /// The end of a cascade (R18) or of an update (R19); the first render
    /// only renders. A step after the host's release does not run.
    @inlinable
    func publish(_ result: CascadeResult) {
        if result.rendersRoot {
            renderRoot()
        }
        guard result.source != .firstRender, !isReleased else { return }
        // Without observers the rendering is not even read: no copy, no
        // retain and release of what it holds.
        if result.publishesRendering, !renderingObservers.isEmpty {
            renderingObservers.deliver(rendering)
        }
        if let output = rootRoute?.takeOutput(), !isReleased {
            outputObservers.deliver(output)
        }
        if hasDebugger, !isReleased {
            debuggerDidUpdate(after: result.source)
        }
    }

    @inlinable
    var isReleased: Bool { runtime.gate.isClosed }

    @usableFromInline
    func debuggerDidUpdate(after source: CascadeResult.Source) {
        debugger?.didUpdate(
            snapshot: runtime.snapshot(of: runtime.root),
            updateInfo: source == .update
                ? WorkflowUpdateDebugInfo(workflowType: "\(WorkflowType.self)", kind: .didUpdate(source: .external))
                : .cascade(path: runtime.cascadePath)
        )
    }

    /// Starts the tree and renders it once; then, as the host can render and
    /// publish, the debugger hears of the first render (R21) and what that
    /// render queued runs (R15), as on the reference.
    @usableFromInline
    func start(_ workflow: WorkflowType) {
        runtime.startTree(root: workflow, key: "", parentSession: nil, port: self)
        runtime.renderFirst()
        debugger?.didEnterInitialState(snapshot: runtime.snapshot(of: runtime.root))
        runtime.gate.runQueued()
    }

    /// R19, after the current cascade when called from one.
    func update(workflow: WorkflowType) {
        runtime.gate.submitUpdate(of: workflow) { [self] in runtime.updateRoot(to: $0, publishes: true) }
    }

    /// The handle was released: the tree ends now, or once the running
    /// cascade has unwound.
    func release() {
        runtime.gate.close { [self] in tearDown() }
    }

    override func releaseByHost() {
        release()
    }

    /// Ends every node and side effect (R10), then the observers' streams.
    private func tearDown() {
        runtime.tearDown()
        renderingObservers.finishAll()
        outputObservers.finishAll()
    }
}
