// Starting a node (R6): an arena record, a session, the initial state.

extension FastRuntime {
    /// Takes an arena record, and its node ID, for the root.
    @usableFromInline
    func allocateRoot(typeIndex: TypeIndex, key: String) -> NodeID {
        let node = tree.nodes.allocate(typeIndex: typeIndex, key: key, parent: .none)
        if hasObserver { tree.makeSessionRoom() }
        return node
    }

    /// Takes an arena record, and its node ID, for a new child of `parent`
    /// asked for in `pass`, and adds it to the child index where its failed
    /// look-up stopped. One call for the record and the index entry.
    @usableFromInline
    func allocateChild(typeIndex: TypeIndex, key: String, parent: NodeID, pass: UInt32) -> NodeID {
        let node = tree.startChild(typeIndex: typeIndex, key: key, parent: parent, pass: pass)
        if hasObserver { tree.makeSessionRoom() }
        return node
    }

    /// Starts a node (R6): session, initial state, storage. Its first render
    /// is the caller's next step. A child (`parent` not `none`) must be the
    /// one whose index look-up just failed; it starts indexed, asked for in
    /// `pass`, so that the user code below (the initial state, an observer)
    /// runs with the tree whole.
    @inlinable
    func startNode<W: Workflow>(
        _ workflow: W, store: NodeStore<W>, key: String, parent: NodeID, pass: UInt32, route: OutputRoute<W.Output>?
    ) -> NodeID {
        let node = parent.isNone
            ? allocateRoot(typeIndex: store.typeIndex, key: key)
            : allocateChild(typeIndex: store.typeIndex, key: key, parent: parent, pass: pass)
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
        return node
    }
}
