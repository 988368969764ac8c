// Finding the typed store of a workflow type, and a node's store.

extension FastRuntime {
    @inlinable
    func store<W: Workflow>(for type: W.Type) -> NodeStore<W> {
        unmanagedStore(for: type).takeUnretainedValue()
    }

    /// The store of `W`, made on first use. Unmanaged: `stores` owns it, and
    /// the child path uses it without a retain and release per child.
    @inlinable
    func unmanagedStore<W: Workflow>(for type: W.Type) -> Unmanaged<NodeStore<W>> {
        // Siblings are mostly of one type: remember the last store found.
        if let last = lastStore, last._withUnsafeGuaranteedRef({ $0.typeID }) == ObjectIdentifier(type) {
            return Unmanaged.fromOpaque(last.toOpaque())
        }
        return Unmanaged.passUnretained(findStore(for: type))
    }

    @inlinable
    func findStore<W: Workflow>(for type: W.Type) -> NodeStore<W> {
        let id = ObjectIdentifier(type)
        let store: NodeStore<W>
        if let existing = stores[id] {
            store = unsafeDowncast(existing, to: NodeStore<W>.self)
        } else {
            if storeTable.count >= TypeIndex.free.position {
                RuntimeErrors.tooManyWorkflowTypes(W.self, limit: TypeIndex.free.position)
            }
            store = NodeStore<W>(
                typeIndex: TypeIndex(rawValue: UInt16(storeTable.count)), comparingEveryState: renderOnlyIfStateChanged
            )
            store.releaseSlot = { [unowned(unsafe) store] in store.release($0) }
            store.releaseAllSlots = { [unowned(unsafe) store] in store.releaseAll() }
            stores[id] = store
            storeTable.append(Unmanaged.passUnretained(store))
        }
        lastStore = Unmanaged.passUnretained(store)
        return store
    }

    /// The typed store of a live node, whose type is known to be `W`.
    @inlinable
    func store<W: Workflow>(of node: NodeID, as type: W.Type) -> NodeStore<W> {
        unsafeDowncast(anyStore(of: node).takeUnretainedValue(), to: NodeStore<W>.self)
    }

    @inlinable @inline(__always)
    func anyStore(of node: NodeID) -> Unmanaged<AnyNodeStore> {
        storeTable[nodes[node].typeIndex.position]
    }

    @inlinable
    func handle(_ node: NodeID) -> NodeHandle {
        NodeHandle(id: node, generation: nodes[node].generation)
    }
}
