// Starting a node (R6): an arena slot, a session, the initial state.

extension FastRuntime {
    /// Takes an arena slot for a new node.
    @usableFromInline
    func allocateNode(store: UInt16, key: String, parent: Int32) -> Int32 {
        let node = nodes.allocate(store: store, key: key, parent: parent)
        if hasObserver, sessions.count < nodes.count { sessions.append(nil) }
        return node
    }

    /// Starts a node (R6): session, initial state, storage. Its first render
    /// is the caller's next step. A child (`parent` >= 0) must be the one
    /// whose index look-up just failed (`ChildIndex.insertAfterMiss`).
    @inlinable
    func startNode<W: Workflow>(
        _ workflow: W, store: NodeStore<W>, key: String, parent: Int32, route: OutputRoute<W.Output>?
    ) -> Int32 {
        let node = allocateNode(store: store.index, key: key, parent: parent)
        var state: W.State
        if hasObserver, let observer {
            let session = WorkflowSession(workflowType: W.self, renderKey: key, parent: parent < 0 ? rootParentSession : sessions[Int(parent)])
            sessions[Int(node)] = session
            observer.sessionDidBegin(session)
            state = workflow.makeInitialState()
            observer.workflowDidMakeInitialState(workflow, initialState: state, session: session)
        } else {
            state = workflow.makeInitialState()
        }
        nodes[Int(node)].slot = store.allocate(NodeSlot(workflow: workflow, state: state), route: route)
        if parent >= 0 {
            nodes[Int(node)].indexHash = childIndex.insertAfterMiss(node)
        }
        return node
    }
}
