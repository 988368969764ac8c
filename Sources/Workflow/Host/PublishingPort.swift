/// The runtime's one way out to what drives its root (a `WorkflowHost`, or
/// the testable seam's `WorkflowNode`): the end of every cascade (R18), once
/// the runtime decided whether the root renders and publishes (S1, S3).
/// The host owns its port and the port its runtime, which reaches the port,
/// unowned, only while a step of that host runs; the gate holds a host
/// released meanwhile until the cascade unwound: no dangling, no cycle.
/// `end` is made where the root's type is known, so it runs specialised.
@usableFromInline @MainActor
class HostPort {
    /// Called with this port, never capturing it.
    @usableFromInline let end: (HostPort, CascadeResult, FastRuntime) -> Void

    @inlinable
    init(end: @escaping (HostPort, CascadeResult, FastRuntime) -> Void) {
        self.end = end
    }

    /// The host's release (R10), which a subclass that a host owns gives.
    func releaseByHost() {
        fatalError("abstract")
    }

    /// From the host's deinit, which checked the main queue (R22). Not
    /// generic, unlike the host: its closure allocates nothing.
    nonisolated static func releaseFromDeinit(_ port: HostPort) {
        MainQueue.assumeMainActor(port) { $0.releaseByHost() }
    }

    /// The end of a cascade of `runtime`, whose tree this port drives.
    @inlinable @inline(__always)
    final func cascadeDidEnd(_ result: CascadeResult, in runtime: FastRuntime) {
        end(self, result, runtime)
    }
}

/// A `HostPort` for a `WorkflowType` root. Its members are final: called from
/// a subclass's specialised code, they are specialised too.
@usableFromInline
class RootPort<WorkflowType: Workflow>: HostPort {
    @usableFromInline final let runtime: FastRuntime
    /// The store the root's values are in, made here: its type's first.
    @usableFromInline final let rootStore: NodeStore<WorkflowType>
    /// The first of a store made for the root (`startTree` checks it).
    @inlinable static var rootSlot: StoreSlot { StoreSlot(position: 0) }
    /// Where the root's outputs wait for their cascade's end; nil if none.
    @usableFromInline final let rootRoute: RootRoute<WorkflowType.Output>?
    /// Reads `rendering`, specialised here, so code generic over the host (a
    /// wrapper, a harness) reads it without a type look-up.
    @usableFromInline final let readRendering: (RootPort<WorkflowType>) -> WorkflowType.Rendering

    @inlinable
    init(runtime: FastRuntime, end: @escaping (HostPort, CascadeResult, FastRuntime) -> Void) {
        self.runtime = runtime
        rootStore = runtime.store(for: WorkflowType.self)
        rootRoute = WorkflowType.Output.self == Never.self ? nil : RootRoute<WorkflowType.Output>()
        readRendering = { $0.rendering }
        super.init(end: end)
    }

    /// The root's latest rendering, from its slot: the one copy there is.
    @inlinable
    final var rendering: WorkflowType.Rendering {
        rootStore[Self.rootSlot].rendering.unsafelyUnwrapped
    }

    /// A render pass of the root (R24: its replaced rendering goes after it).
    @inlinable @discardableResult
    final func renderRoot() -> WorkflowType.Rendering {
        runtime.renderRoot(store: rootStore)
    }
}

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
