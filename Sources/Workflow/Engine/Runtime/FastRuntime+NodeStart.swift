// Starting a node (R6): an arena record, a session, the initial state.

extension FastRuntime {
    /// Takes an arena record, and its node ID, for the root.
    @usableFromInline
    func allocateRoot(typeIndex: TypeIndex, key: String) -> NodeID {
        let node = tree.nodes.allocate(typeIndex: typeIndex, key: key, parent: .none)
        if hasObserver { tree.makeSessionRoom() }
        return node
    }

    /// Starts a node (R6) whose record was just taken (`allocateRoot`, or
    /// `findOrStartChild` for a child, which also indexed it and marked it
    /// asked for): session, initial state, storage. The user code here (the
    /// initial state, an observer) runs while the node is indexed but has no
    /// slot and is not yet linked to its siblings: nothing that ends nodes
    /// can reach it, as ending follows the links. Its first render is the
    /// caller's next step.
    @inlinable
    func startNode<W: Workflow>(
        _ node: NodeID, workflow: W, store: NodeStore<W>, key: String, parent: NodeID, route: OutputRoute<W.Output>?
    ) {
        var state: W.State
        if observesNodes {
            if trace != nil { traceNodeDidStart(node) }
            if hasObserver, let observer {
                let session = WorkflowSession(workflowType: W.self, renderKey: key, parent: parent.isNone ? rootParentSession : tree.session(of: parent))
                tree.setSession(session, of: node)
                observer.sessionDidBegin(session)
                state = workflow.makeInitialState()
                observer.workflowDidMakeInitialState(workflow, initialState: state, session: session)
            } else {
                state = workflow.makeInitialState()
            }
        } else {
            state = workflow.makeInitialState()
        }
        tree.nodes[node].slot = store.allocate(workflow: workflow, state: state, route: route)
    }
}
