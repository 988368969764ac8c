// Starting a node (R6): an arena record, a session, the initial state.

extension FastRuntime {
    @usableFromInline
    func allocateRoot(typeIndex: TypeIndex, key: String) -> NodeID {
        let node = tree.nodes.allocate(typeIndex: typeIndex, key: key, parent: .none)
        if hasObserver { tree.makeSessionRoom() }
        return node
    }

    /// R6: session, initial state and slot for a record just taken. Its user
    /// code runs while the node is indexed but not linked to its siblings, so
    /// nothing that ends nodes (following the links) can reach it.
    @inlinable
    func startNode<W: Workflow>(
        _ node: NodeID, workflow: W, store: NodeStore<W>, key: String, parent: NodeID, route: OutputRoute<W.Output>?
    ) {
        var state: W.State
        if observesNodes {
            if isTraced { traceNodeDidStart(node) }
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
        tree.nodes[node].place(at: store.allocate(workflow: workflow, state: state, route: route))
    }
}
