@_spi(WorkflowRuntimeConfig) import Workflow
import WorkflowDiagnostics

/// Everything a `ReferenceWorkflowHost` runs, apart from the handle the user
/// holds: the root, the rendering, the observers and the debugger.
///
/// The handle's release is the host's end (R10). The user may release it
/// from code the host itself is running (an apply, an output map, an
/// observer), so no code of the host runs on the handle: the runtime holds
/// the core while a cascade runs, the cascade stops at its next step once the
/// host is released, and the tree ends when the cascade has unwound.
@MainActor
final class ReferenceHostCore<WorkflowType: Workflow> {
    private(set) var rendering: WorkflowType.Rendering

    let runtime: ReferenceRuntime
    private let root: ReferenceNode<WorkflowType>
    private let debugger: WorkflowDebugger?
    let renderingObservers = ReferenceObserverList<WorkflowType.Rendering>()
    let outputObservers = ReferenceObserverList<WorkflowType.Output>()

    init(workflow: WorkflowType, observers: [WorkflowObserver], debugger: WorkflowDebugger?, renderTrace: RenderTrace?) {
        let runtime = ReferenceRuntime(
            observer: ReferenceObserverChain.forHost(with: observers),
            renderOnlyIfStateChanged: Runtime.configuration.renderOnlyIfStateChanged,
            conflatesBursts: Runtime.configuration.conflateStaleRenderings,
            recorder: ReferenceTraceRecorder.forHost(rootType: WorkflowType.self, trace: renderTrace)
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
        runtime.recorder?.passWillBegin(.firstRender)
        self.rendering = runtime.renderPass { root.render(reason: .new) }
        runtime.recorder?.passDidEnd()
        self.runtime = runtime
        self.root = root
        self.debugger = debugger
        // Strongly: a cascade keeps the core alive even if the handle goes
        // meanwhile. The cycle ends with the teardown.
        runtime.finishCascade = { cascade, originPath in
            self.finish(cascade, originPath: originPath)
        }
        debugger?.didEnterInitialState(snapshot: root.debugSnapshot())
        // What the first render queued (R15) runs once the host can publish.
        runtime.gate.runWaiting()
    }

    /// The handle was released: the tree ends now, or once the running
    /// cascade has unwound.
    func release() {
        runtime.gate.release { [self] in tearDown() }
    }

    /// Ends every node, post-order, and every side effect (R10). Sinks die
    /// first, so sends from `onEnded` closures are no-ops; then the
    /// observers' streams finish.
    private func tearDown() {
        runtime.finishCascade = nil
        root.killAllSinks()
        root.end()
        renderingObservers.finishAll()
        outputObservers.finishAll()
    }

    /// Keeps a new rendering. The replaced one goes after the assignment, not
    /// inside it: its deinits may read the host's rendering (R24).
    private func keep(_ newRendering: WorkflowType.Rendering) {
        var replaced = newRendering
        swap(&rendering, &replaced)
        withExtendedLifetime(replaced) {}
    }

    /// R19: `workflowDidChange`, then a render pass of the whole tree,
    /// always; then the rendering observers and the debugger.
    func update(workflow: WorkflowType) {
        // Called from an observer or the debugger: handled after the current
        // cascade, like a send (dropped if the host is released meanwhile).
        runtime.gate.update(
            updateDuringRender: { RuntimeErrors.updateDuringRender(workflowType: WorkflowType.self) },
            work: { [self] in applyUpdate(workflow) }
        )
    }

    private func applyUpdate(_ workflow: WorkflowType) {
        runtime.recorder?.passWillBegin(.update)
        root.update(to: workflow)
        keep(runtime.renderPass { root.render(reason: .hostUpdate) })
        runtime.recorder?.passDidEnd()
        renderingObservers.deliver(rendering)
        if let debugger, !runtime.isReleased {
            let info = WorkflowUpdateDebugInfo.cascade(path: [(workflowType: WorkflowType.self, reachedByOutput: false)])
            debugger.didUpdate(snapshot: root.debugSnapshot(), updateInfo: info)
        }
    }

    /// The end of a cascade whose actions were applied (steps 4-7 of
    /// RuntimeSemantics.md's cascade): the render pass if due, the rendering
    /// observers if it rendered, the output observers, the debugger. A step
    /// after the host's release does not run.
    private func finish(_ cascade: ReferenceCascade, originPath: [Any.Type]) {
        guard !runtime.isReleased else { return }
        let info = debugger.map { _ in Self.updateInfo(originPath: originPath, appliedCount: cascade.appliedCount) }
        if !runtime.renderOnlyIfStateChanged || cascade.stateChanged {
            keep(runtime.renderPass { root.render(reason: .renderSkippingOff) })
            guard !runtime.isReleased else { return }
            renderingObservers.deliver(rendering)
        }
        if let output = cascade.rootOutput, !runtime.isReleased {
            outputObservers.deliver(output as! WorkflowType.Output)
        }
        if let debugger, let info, !runtime.isReleased {
            debugger.didUpdate(snapshot: root.debugSnapshot(), updateInfo: info)
        }
    }

    /// The debug info of a cascade from `origin` up to the root: the first
    /// `appliedCount` nodes applied an action, the others only saw a child
    /// update (R21).
    private static func updateInfo(originPath: [Any.Type], appliedCount: Int) -> WorkflowUpdateDebugInfo {
        .cascade(path: originPath.enumerated().map { ($0.element, $0.offset < appliedCount) })
    }
}
