// Starting a node (R6): an arena record, a session, the initial state.

extension FastRuntime {
    /// Takes an arena record, and its node ID, for a new node.
    @usableFromInline
    func allocateNode(typeIndex: TypeIndex, key: String, parent: NodeID) -> NodeID {
        let node = tree.nodes.allocate(typeIndex: typeIndex, key: key, parent: parent)
        if hasObserver { tree.makeSessionRoom() }
        return node
    }

    /// Starts a node (R6): session, initial state, storage. Its first render
    /// is the caller's next step. A child (`parent` >= 0) must be the one
    /// whose index look-up just failed (`indexNewChild`).
    @inlinable
    func startNode<W: Workflow>(
        _ workflow: W, store: NodeStore<W>, key: String, parent: NodeID, route: OutputRoute<W.Output>?
    ) -> NodeID {
        let node = allocateNode(typeIndex: store.typeIndex, key: key, parent: parent)
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
        tree.nodes[node].slot = store.allocate(NodeSlot(workflow: workflow, state: state), route: route)
        if !parent.isNone {
            indexNewChild(node)
        }
        return node
    }

    /// Adds a new child to the child index, where its failed look-up
    /// stopped.
    @usableFromInline
    func indexNewChild(_ node: NodeID) {
        tree.indexNewChild(node)
    }
}
