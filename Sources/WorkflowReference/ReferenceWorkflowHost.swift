@_spi(WorkflowRuntimeConfig) import Workflow

/// Runs a workflow tree with the naive reference runtime: the same members
/// and the same observable behaviour as `WorkflowHost`, but every cascade
/// re-renders the whole tree from the root, as Square's workflow-swift does.
///
/// It is the oracle of the differential tests and the baseline of the
/// benchmarks. Use it from the main queue only (R22).
public final class ReferenceWorkflowHost<WorkflowType: Workflow> {
    /// The latest rendering of the root workflow.
    public private(set) var rendering: WorkflowType.Rendering

    private let runtime: ReferenceRuntime
    private let root: ReferenceNode<WorkflowType>
    private let debugger: WorkflowDebugger?
    private let renderingObservers = HostObservers<WorkflowType.Rendering>()
    private let outputObservers = HostObservers<WorkflowType.Output>()

    /// Starts the tree of `workflow` and renders it once. `observers` see
    /// every node event (chained in order); `debugger` gets a snapshot after
    /// the first render and after every cascade or update. The runtime
    /// configuration is read now.
    public init(
        workflow: WorkflowType,
        observers: [WorkflowObserver] = [],
        debugger: WorkflowDebugger? = nil
    ) {
        MainQueue.precondition()
        let runtime = ReferenceRuntime(
            observer: ChainedWorkflowObserver.forHost(with: observers),
            renderOnlyIfStateChanged: Runtime.configuration.renderOnlyIfStateChanged
        )
        // The root's outputs leave the tree: the host delivers them once the
        // cascade has rendered (R17).
        let root = ReferenceNode(
            workflow: workflow,
            key: "",
            parent: nil,
            runtime: runtime,
            outputHandler: { output, cascade in cascade.rootOutput = output }
        )
        self.rendering = runtime.renderPass { root.render() }
        self.runtime = runtime
        self.root = root
        self.debugger = debugger
        runtime.finishCascade = { [weak self] cascade, origin in
            self?.finish(cascade, origin: origin)
        }
        debugger?.didEnterInitialState(snapshot: root.debugSnapshot())
    }

    /// Ends every node, post-order, and every side effect (R10). Sinks die
    /// first, so sends from `onEnded` closures are no-ops.
    deinit {
        root.killAllSinks()
        root.end()
    }

    /// Gives the root a new workflow value: its `workflowDidChange`, then a
    /// render pass of the whole tree, always (R19); then the rendering
    /// observers and the debugger.
    public func update(workflow: WorkflowType) {
        MainQueue.precondition()
        // Called from an observer or the debugger: handled after the current
        // cascade, like a send.
        runtime.gate.submitUpdate(of: WorkflowType.self) { [self] in applyUpdate(workflow) }
    }

    private func applyUpdate(_ workflow: WorkflowType) {
        root.update(to: workflow)
        rendering = runtime.renderPass { root.render() }
        renderingObservers.deliver(rendering)
        if let debugger {
            let info = WorkflowUpdateDebugInfo.cascade(path: [(workflowType: WorkflowType.self, reachedByOutput: false)])
            debugger.didUpdate(snapshot: root.debugSnapshot(), updateInfo: info)
        }
    }

    /// The end of a cascade whose actions were applied (steps 4-7 of
    /// RuntimeSemantics.md's cascade): the render pass if due, the rendering
    /// observers if it rendered, the output observers, the debugger.
    private func finish(_ cascade: ReferenceCascade, origin: AnyReferenceNode) {
        // The path is read before rendering: the render may remove the origin.
        let info = debugger.map { _ in Self.updateInfo(origin: origin, appliedCount: cascade.appliedCount) }
        if !runtime.renderOnlyIfStateChanged || cascade.stateChanged {
            rendering = runtime.renderPass { root.render() }
            renderingObservers.deliver(rendering)
        }
        if let output = cascade.rootOutput {
            outputObservers.deliver(output as! WorkflowType.Output)
        }
        if let debugger, let info {
            debugger.didUpdate(snapshot: root.debugSnapshot(), updateInfo: info)
        }
    }

    /// The debug info of a cascade from `origin` up to the root: the first
    /// `appliedCount` nodes applied an action, the others only saw a child
    /// update (R21).
    private static func updateInfo(origin: AnyReferenceNode, appliedCount: Int) -> WorkflowUpdateDebugInfo {
        var path: [(workflowType: Any.Type, reachedByOutput: Bool)] = []
        var node: AnyReferenceNode? = origin
        while let current = node {
            path.append((current.workflowType, path.count < appliedCount))
            node = current.parent
        }
        return .cascade(path: path)
    }

    /// Calls `body` with every rendering published from now on, synchronously
    /// and in registration order, until the observation is cancelled or
    /// released.
    public func observeRenderings(_ body: @escaping (WorkflowType.Rendering) -> Void) -> HostObservation {
        renderingObservers.add(body)
    }

    /// Calls `body` with every output of the root from now on, after the
    /// rendering of its cascade was published, until the observation is
    /// cancelled or released.
    public func observeOutputs(_ body: @escaping (WorkflowType.Output) -> Void) -> HostObservation {
        outputObservers.add(body)
    }

    /// A new stream of the renderings published from now on; it finishes when
    /// the host is released.
    public var renderings: AsyncStream<WorkflowType.Rendering> {
        renderingObservers.stream()
    }

    /// A new stream of the root's outputs from now on; it finishes when the
    /// host is released.
    public var outputs: AsyncStream<WorkflowType.Output> {
        outputObservers.stream()
    }
}
