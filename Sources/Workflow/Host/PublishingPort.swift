/// A `WorkflowHost`'s port: the runtime, observers and debugger behind the
/// user's handle. At a cascade's end it renders the root if due, then
/// publishes the rendering (S3), the output and the debugger's update, in
/// that order (R17, R18), as upstream's `handle(output:)` does. The handle's
/// release is the host's end (R10), maybe from code the host is running, so
/// nothing runs on the handle: the gate holds the port until the cascade,
/// which stops at its next step, has unwound; the tree ends then.
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

    /// R18, R19 (the first render only renders); nothing after a release.
    @inlinable
    func publish(_ result: CascadeResult) {
        if result.rendersRoot {
            renderRoot()
        }
        guard result.source != .firstRender, !isReleased else { return }
        // Without observers the rendering is not read: no copy, no retain.
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

    /// Starts and renders the tree; then the debugger hears of it (R21) and
    /// what the render queued runs (R15), as on the reference.
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

    /// The handle's release: the tree ends now, or once the cascade unwound.
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
