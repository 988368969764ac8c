// Actions and the cascade (R15-R18): a send applies its action at the node,
// outputs climb through the parents' output maps, state changes mark the
// path to the root dirty (S1), and the cascade ends with at most one render
// pass and one result for the host.
//
// The generic steps are `@inlinable` and reached through code compiled where
// the action type is known: a send through the action's conformance
// (`WorkflowAction._sendToFastRuntime`), an output through the function its
// route stores (`ActionRoute.deliverAction`). A cascade runs specialised,
// with no metadata look-up per step. What does not depend on the types (the
// cascade's start and end, the bookkeeping after an apply, observers) is
// plain out-of-line code.

extension FastRuntime {
    /// A send from a live sink: now if idle, queued if a cascade or a render
    /// pass is running, fatal while the sink's node is in its `render` (R15).
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

    /// Applies `action` at `node` (R17), then hands its output, if any, to
    /// the node's route: the parent's output map, or the host for the root.
    @inlinable
    func apply<Action: WorkflowAction>(_ action: Action, at node: NodeID, fromSink: Bool) {
        typealias W = Action.WorkflowType
        // Each step below may run code that releases the host (an output
        // map, an observer hook, the apply): nothing after it runs then.
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

    /// Observers hear of the action before it applies; returns what they
    /// want called once it has.
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

    /// After an apply at `node`: the dirty path (S1), the trace, the
    /// debugger's cascade path.
    @usableFromInline
    func didApply(
        _ actionType: Any.Type, workflowType: Any.Type, at node: NodeID, fromSink: Bool, changed: Bool, compared: Bool
    ) {
        cascade.didApply(at: node, workflowType: workflowType, fromSink: fromSink, changed: changed)
        if changed {
            markNeedsRender(node)
        }
        if trace != nil {
            traceAction(actionType, at: node, fromSink: fromSink, changed: changed, compared: compared)
        }
    }

    @usableFromInline
    func beginCascade() {
        trace?.passWillBegin(.action)
        cascade.begin()
    }

    /// The cascade's end: its render pass, if due, and its result.
    @usableFromInline
    func finishCascade() {
        defer { trace?.passDidEnd() }
        // Released by the cascade's own code: the host's teardown waits for
        // the gate, and nothing more of the cascade runs (R10).
        if gate.isClosed { return }
        if cascade.recordsPath {
            // Ancestors above the last node the cascade reached.
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

    /// Whether `node`'s `render` is running: its frame is on the stack
    /// (R15). A walk, taken only by a send during a render pass.
    @usableFromInline
    func isRendering(_ node: NodeID) -> Bool {
        passes.isRendering(node)
    }

    @usableFromInline
    func sendDuringRender(_ actionType: Any.Type, workflowType: Any.Type, at node: NodeID) -> Never {
        RuntimeErrors.sendDuringRender(actionType: actionType, workflowType: workflowType, key: tree.nodes[keyOf: node])
    }
}
