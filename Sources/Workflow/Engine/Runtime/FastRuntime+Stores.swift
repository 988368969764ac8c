// Finding the typed store of a workflow type, and a node's store.

extension FastRuntime {
    @inlinable
    func store<W: Workflow>(for type: W.Type) -> NodeStore<W> {
        unmanagedStore(for: type).takeUnretainedValue()
    }

    /// Made on first use; unmanaged: `stores` owns it, no retain per child.
    @inlinable
    func unmanagedStore<W: Workflow>(for type: W.Type) -> Unmanaged<NodeStore<W>> {
        if let last = tree.stores.lastFound(for: type) {
            return last
        }
        return Unmanaged.passUnretained(findStore(for: type))
    }

    @inlinable
    func findStore<W: Workflow>(for type: W.Type) -> NodeStore<W> {
        if let existing = tree.stores.find(ObjectIdentifier(type)) {
            return unsafeDowncast(existing.takeUnretainedValue(), to: NodeStore<W>.self)
        }
        if tree.stores.count >= TypeIndex.free.position {
            RuntimeErrors.tooManyWorkflowTypes(W.self, limit: TypeIndex.free.position)
        }
        let store = NodeStore<W>(typeIndex: tree.stores.nextTypeIndex, comparingEveryState: renderOnlyIfStateChanged)
        store.makeReleasers()
        tree.stores.add(store)
        return store
    }

    /// The typed store of a live node, whose type is known to be `W`.
    @inlinable
    func store<W: Workflow>(of node: NodeID, as type: W.Type) -> NodeStore<W> {
        unsafeDowncast(anyStore(of: node).takeUnretainedValue(), to: NodeStore<W>.self)
    }

    @inlinable @inline(__always)
    func anyStore(of node: NodeID) -> Unmanaged<AnyNodeStore> {
        tree.stores[tree.nodes[node].typeIndex]
    }

    @inlinable
    func handle(_ node: NodeID) -> NodeHandle {
        NodeHandle(id: node, generation: tree.nodes[node].generation)
    }
}
