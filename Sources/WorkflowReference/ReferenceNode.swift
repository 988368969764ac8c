import Workflow
import WorkflowDiagnostics

// A node of the reference runtime: one object per (type, key) in the tree,
// holding the workflow value, the state, the children, the side effects and
// the sink registrations. Every order below is RuntimeSemantics.md's.

/// A child's identity within its parent (R1): concrete type and key.
struct ReferenceChildKey: Hashable {
    let type: ObjectIdentifier
    let key: String
}

/// The type-erased face of a node: what a parent, the host and the debugger
/// need without knowing the workflow type.
@MainActor
class AnyReferenceNode {
    /// The key the parent rendered this node with ("" for the root).
    let key: String

    /// The node's session; nil when the host has no observer.
    let session: WorkflowSession?

    /// The parent; it outlives the node, which it owns.
    unowned let parent: AnyReferenceNode?

    let runtime: ReferenceRuntime

    /// Whether the node's `render` is running (its children's included): a
    /// send to its sinks meanwhile is fatal (R15).
    var isRendering = false

    /// The node's identity in a render trace (D1).
    var traceIdentity: Int { ObjectIdentifier(self).hashValue }

    /// The workflow types from this node up to the root, for the debugger's
    /// cascade path (R21).
    var typesToRoot: [Any.Type] {
        var types: [Any.Type] = []
        var node: AnyReferenceNode? = self
        while let current = node {
            types.append(current.workflowType)
            node = current.parent
        }
        return types
    }

    /// The node's type and key at each level from the root down, for a
    /// render trace (D1).
    var tracePath: [(workflowType: Any.Type, key: String)] {
        var path: [(workflowType: Any.Type, key: String)] = []
        var node: AnyReferenceNode? = self
        while let current = node {
            path.append((current.workflowType, current.key))
            node = current.parent
        }
        return path.reversed()
    }

    init(key: String, session: WorkflowSession?, parent: AnyReferenceNode?, runtime: ReferenceRuntime) {
        self.key = key
        self.session = session
        self.parent = parent
        self.runtime = runtime
    }

    /// The concrete workflow type, for debug info.
    var workflowType: Any.Type { fatalError("abstract") }

    /// Ends the node and its subtree, post-order.
    func end() { fatalError("abstract") }

    /// Kills every sink registration of the subtree (R10: before the host's
    /// teardown, so sends from `onEnded` closures are no-ops).
    func killAllSinks() { fatalError("abstract") }

    /// The node's subtree as the debugger sees it (R21).
    func debugSnapshot() -> WorkflowHierarchyDebugSnapshot { fatalError("abstract") }
}

/// A node whose workflow has the concrete type `W`.
final class ReferenceNode<W: Workflow>: AnyReferenceNode {
    private(set) var workflow: W
    private(set) var state: W.State

    /// Applies an output of this node at the parent, through the `outputMap`
    /// of the parent's latest render (R7, R17); for the root, hands the
    /// output to the host.
    var outputHandler: (W.Output, ReferenceCascade) -> Void

    /// The children of the last pass, and the order it asked for them in.
    private(set) var children: [ReferenceChildKey: AnyReferenceNode] = [:]
    private var childOrder: [ReferenceChildKey] = []

    private(set) var sideEffects = ReferenceSideEffects()
    private(set) var sinks = ReferenceSinks()

    /// Starts a node (R6): `sessionDidBegin`, `makeInitialState()`, then
    /// `workflowDidMakeInitialState`. The caller renders it next.
    init(
        workflow: W,
        key: String,
        parent: AnyReferenceNode?,
        runtime: ReferenceRuntime,
        outputHandler: @escaping (W.Output, ReferenceCascade) -> Void
    ) {
        let observer = runtime.observer
        let session = observer.map { _ in
            WorkflowSession(workflowType: W.self, renderKey: key, parent: parent?.session)
        }
        if let observer, let session {
            observer.sessionDidBegin(session)
        }
        let state = workflow.makeInitialState()
        self.workflow = workflow
        self.state = state
        self.outputHandler = outputHandler
        super.init(key: key, session: session, parent: parent, runtime: runtime)
        if let observer, let session {
            observer.workflowDidMakeInitialState(workflow, initialState: state, session: session)
        }
    }

    override var workflowType: Any.Type { W.self }

    // MARK: Render pass

    /// A new workflow value from the parent (R7) or from the host (R19): the
    /// new value's `workflowDidChange`, then the observers'.
    func update(to newWorkflow: W) {
        let oldWorkflow = workflow
        newWorkflow.workflowDidChange(from: oldWorkflow, state: &state)
        workflow = newWorkflow
        if let observer = runtime.observer, let session {
            observer.workflowDidChange(from: oldWorkflow, to: newWorkflow, state: state, session: session)
        }
    }

    /// One render pass of this node: `workflowWillRender`, `render` (children
    /// render depth first inside it, R4), the cleanup of what the pass did not
    /// ask for (R9, R12, R13), then the `workflowWillRender` completion.
    /// `reason` and `begin` (a trace time taken before the node started or
    /// got its new value) are for the render trace, if any (D1).
    func render(reason: RenderReason, begin: UInt64? = nil) -> W.Rendering {
        let recorder = runtime.recorder
        recorder?.nodeWillRender(W.self, key: key, node: traceIdentity, reason: reason, begin: begin ?? recorder!.now())
        defer { recorder?.nodeDidRender() }
        if StackGuard.isNearEnd(runtime.stackEnd) {
            StackGuard.treeTooDeep(workflowType: W.self, key: key, depth: runtime.renderDepth + 1)
        }
        runtime.renderDepth += 1
        defer { runtime.renderDepth -= 1 }
        var completion: ((W.Rendering) -> Void)?
        if let observer = runtime.observer, let session {
            completion = observer.workflowWillRender(workflow, state: state, session: session)
        }
        let pass = ReferenceRenderContext(node: self)
        let context = RenderContext(backend: pass)
        isRendering = true
        let rendering = workflow.render(state: state, context: context)
        isRendering = false
        context.keyAfterRender = key
        context.invalidate()
        pass.invalidate()
        finish(pass)
        completion?(rendering)
        return rendering
    }

    /// The previous pass's child of `childKey`, if any; the context reuses it.
    func previousChild(_ childKey: ReferenceChildKey) -> AnyReferenceNode? {
        children[childKey]
    }

    /// Runs the side effect `key` if it is new to this node (R11); returns
    /// its lifetime, new or kept.
    func runSideEffect(key: AnyHashable, action: (Lifetime) -> Void) -> Lifetime {
        let (lifetime, isNew) = sideEffects.lifetime(for: key)
        if isNew {
            action(lifetime)
        }
        return lifetime
    }

    /// The live sink registration of this node for `Action`.
    func sinkRegistration<Action: WorkflowAction>(of actionType: Action.Type) -> ReferenceSinkRegistration<Action>
        where Action.WorkflowType == W
    {
        sinks.registration(of: actionType, node: self)
    }

    /// The cleanup after `render` returned: the new children replace the old,
    /// removed children end in their previous order, then removed side
    /// effects in start order, then undeclared sinks die.
    private func finish(_ pass: ReferenceRenderContext<W>) {
        let previousChildren = children
        let previousOrder = childOrder
        children = pass.children
        childOrder = pass.childOrder
        for childKey in previousOrder where children[childKey] == nil {
            previousChildren[childKey]!.end()
        }
        for lifetime in sideEffects.remove(keepingOnly: pass.sideEffectLifetimes) {
            lifetime.end()
        }
        sinks.killAll(except: pass.sinkTypes)
    }

    // MARK: Ending

    /// Ends the node: children in their last order, side effects in start
    /// order, sinks, then `sessionDidEnd`.
    override func end() {
        let endingChildren = children
        let endingOrder = childOrder
        children = [:]
        childOrder = []
        for childKey in endingOrder {
            endingChildren[childKey]!.end()
        }
        for lifetime in sideEffects.removeAll() {
            lifetime.end()
        }
        sinks.killAll()
        if let observer = runtime.observer, let session {
            observer.sessionDidEnd(session)
        }
    }

    override func killAllSinks() {
        sinks.killAll()
        for childKey in childOrder {
            children[childKey]!.killAllSinks()
        }
    }

    // MARK: Actions

    /// An action from one of this node's sinks: `workflowDidReceiveAction`
    /// here only, then the cascade up (R17, R20).
    func receive<Action: WorkflowAction>(_ action: Action, in cascade: ReferenceCascade)
        where Action.WorkflowType == W
    {
        if let observer = runtime.observer, let session {
            observer.workflowDidReceiveAction(action, workflow: workflow, session: session)
        }
        apply(action, in: cascade)
    }

    /// Applies `action` here (`workflowWillApplyAction`, `apply`, its
    /// completion), then passes an output on to the parent.
    func apply<Action: WorkflowAction>(_ action: Action, in cascade: ReferenceCascade)
        where Action.WorkflowType == W
    {
        // A host released by the code before this step runs nothing more (R10).
        guard !runtime.isReleased else { return }
        var completion: ((W.State, W.Output?) -> Void)?
        if let observer = runtime.observer, let session {
            completion = observer.workflowWillApplyAction(action, workflow: workflow, state: state, session: session)
        }
        guard !runtime.isReleased else { return }
        // The old state, kept only where S1 compares (for the host's
        // decision to render, and for the trace).
        let comparesState = ReferenceStateChange.compares(W.State.self, everyEquatableState: runtime.renderOnlyIfStateChanged)
        let stateBefore: W.State? = comparesState ? state : nil
        let traceBegin = runtime.recorder?.now()
        let output = ApplyContext.withContext(workflow: workflow, key: key) { context in
            action.apply(toState: &state, context: context)
        }
        guard !runtime.isReleased else { return }
        completion?(state, output)
        let change = ReferenceStateChange.of(before: stateBefore, after: state)
        if let recorder = runtime.recorder, let traceBegin {
            recorder.actionDidApply(
                Action.self, path: tracePath, node: traceIdentity, reachedByOutput: cascade.appliedCount > 0,
                stateChange: change, begin: traceBegin
            )
        }
        cascade.appliedCount += 1
        if change != .unchanged {
            cascade.stateChanged = true
        }
        if let output, !runtime.isReleased {
            outputHandler(output, cascade)
        }
    }

    // MARK: Debugging

    override func debugSnapshot() -> WorkflowHierarchyDebugSnapshot {
        WorkflowHierarchyDebugSnapshot(
            workflowType: W.self,
            state: state,
            children: childOrder.map { childKey in
                WorkflowHierarchyDebugSnapshot.Child(key: childKey.key, snapshot: children[childKey]!.debugSnapshot())
            }
        )
    }
}
