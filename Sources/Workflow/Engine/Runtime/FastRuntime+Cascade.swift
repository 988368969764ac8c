// Actions and the cascade (R15-R18): an action applies at its node, outputs
// climb through the parents' output maps, state changes mark the path to the
// root dirty (S1), and the cascade ends with at most one render pass. The
// generic steps are `@inlinable`, reached from code that knows the action type
// (`WorkflowAction._sendToFastRuntime`, `ActionRoute.deliverAction`), so a
// cascade runs specialised; what does not depend on the types is out of line.

extension FastRuntime {
    /// R15: now if idle, queued during a cascade or pass, fatal in its render.
    @inlinable
    func receive<Action: WorkflowAction>(_ action: Action, from target: ActionSinkTarget<Action>) {
        let node = target.node
        guard !isTornDown, tree.nodes.isCurrent(node) else { return }
        gate.submit(
            targetIsRendering: { isRendering(node.id) },
            failingDuringRender: {
                sendDuringRender(Action.self, workflowType: Action.WorkflowType.self, at: node.id)
            },
            queueing: {
                { [self] in
                    // Handled later, on its own; dropped if the sink died meanwhile.
                    guard target.isAlive, !isTornDown else { return }
                    runCascade(action, at: node.id)
                }
            },
            running: { runCascade(action, at: node.id) }
        )
    }

    @inlinable
    func runCascade<Action: WorkflowAction>(_ action: Action, at node: NodeID) {
        beginCascade()
        apply(action, at: node, fromSink: true)
        finishCascade()
    }

    /// R17: applies `action` at `node`, then hands any output to its route.
    @inlinable
    func apply<Action: WorkflowAction>(_ action: Action, at node: NodeID, fromSink: Bool) {
        typealias W = Action.WorkflowType
        // Each step below may run user code that releases the host: stop then.
        if gate.isClosed { return }
        let store = store(of: node, as: W.self)
        let slot = tree.nodes[node].slot
        // The action mutates the state where it lies (R17): no render or
        // node start can run during an apply, so the slot stays put.
        let nodeSlot = store.pointer(to: slot)

        var completion: ((W.State, W.Output?) -> Void)?
        if hasObserver {
            completion = observeAction(action, at: node, slot: nodeSlot, fromSink: fromSink)
            if gate.isClosed { return }
        }

        let before = store.comparesState ? nodeSlot.pointee.state : nil
        let key = tree.nodes[keyOf: node]
        let output = withPointer(to: &nodeSlot.pointee.workflow) { workflow in
            ApplyContext.withContext(workflowAt: workflow, key: key) {
                action.apply(toState: &nodeSlot.pointee.state, context: $0)
            }
        }
        // S1: compared when `comparesState`; a Void state never changes.
        let changed = if let before {
            !store.isUnchanged(state: before, nodeSlot.pointee.state)
        } else {
            store.stateCanChange
        }
        if gate.isClosed { return }
        completion?(nodeSlot.pointee.state, output)

        didApply(Action.self, workflowType: W.self, at: node, fromSink: fromSink, changed: changed, compared: before != nil)
        if let output {
            store.route(slot).pointee.deliver(output, runtime: self)
        }
    }

    /// Observers hear of the action; returns their call for after the apply.
    @usableFromInline
    func observeAction<Action: WorkflowAction>(
        _ action: Action, at node: NodeID, slot: UnsafeMutablePointer<NodeSlot<Action.WorkflowType>>, fromSink: Bool
    ) -> ((Action.WorkflowType.State, Action.WorkflowType.Output?) -> Void)? {
        let observer = observer!
        let session = tree.session(of: node)!
        let workflow = slot.pointee.workflow
        if fromSink {
            observer.workflowDidReceiveAction(action, workflow: workflow, session: session)
            if gate.isClosed { return nil }
        }
        return observer.workflowWillApplyAction(action, workflow: workflow, state: slot.pointee.state, session: session)
    }

    /// After an apply: the dirty path (S1), the trace, the debugger's path.
    @usableFromInline
    func didApply(
        _ actionType: Any.Type, workflowType: Any.Type, at node: NodeID, fromSink: Bool, changed: Bool, compared: Bool
    ) {
        cascade.didApply(at: node, workflowType: workflowType, fromSink: fromSink, changed: changed)
        if changed {
            markNeedsRender(node)
        }
        if isTraced {
            traceAction(actionType, at: node, fromSink: fromSink, changed: changed, compared: compared)
        }
    }

    @usableFromInline
    func beginCascade() {
        if isTraced { trace.passWillBegin(.action) }
        cascade.begin()
    }

    /// The cascade's end: its render pass, if due, and its result.
    @usableFromInline
    func finishCascade() {
        defer { if isTraced { trace.passDidEnd() } }
        // Released meanwhile: the teardown waits for the gate; stop here (R10).
        if gate.isClosed { return }
        if cascade.recordsPath {
            var ancestor = tree.nodes[cascade.top].parent
            while !ancestor.isNone {
                cascade.appendAncestor(anyStore(of: ancestor).takeUnretainedValue().workflowType)
                ancestor = tree.nodes[ancestor].parent
            }
        }
        endCascade()
        #if DEBUG
        checkInvariants()
        #endif
    }

    /// R15: whether `node`'s `render` is running (`PassStack.isRendering`).
    @usableFromInline
    func isRendering(_ node: NodeID) -> Bool {
        passes.isRendering(node)
    }

    @usableFromInline
    func sendDuringRender(_ actionType: Any.Type, workflowType: Any.Type, at node: NodeID) -> Never {
        RuntimeErrors.sendDuringRender(actionType: actionType, workflowType: workflowType, key: tree.nodes[keyOf: node])
    }
}
