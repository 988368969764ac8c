// Ending a node and its subtree (R9, R10).

extension FastRuntime {
    /// Ends a node and its subtree, post-order: children (in their order),
    /// side effects (in start order), sinks, then the session (R9, R10).
    /// When the whole host goes away, the arena is dropped as a whole and
    /// only what users can observe is done node by node.
    func endNode(_ node: NodeID) {
        // Once the host went away, a leaf with no side effect, no sink and
        // nobody listening has nothing to end: no call for it.
        let skipsPlainLeaves = isTornDown && !observesNodes
        var child = tree.nodes[node].firstChild
        while !child.isNone {
            // One address for the record's fields: records never move.
            let record = tree.nodes.recordAddress(child.position)
            let next = record.pointee.nextSibling
            if !skipsPlainLeaves || !record.pointee.firstChild.isNone
                || !record.pointee.sideEffects.isEmpty || !record.pointee.sinks.isEmpty
            {
                endNode(child)
            }
            child = next
        }
        if !tree.nodes[node].sideEffects.isEmpty {
            endSideEffects(of: node, notSeenIn: nil)
        }
        if !tree.nodes[node].sinks.isEmpty {
            killSinks(of: node, notDeclaredIn: nil)
        }
        if observesNodes {
            if trace != nil { trace.unsafelyUnwrapped.nodeDidEnd(handle(node)) }
            if hasObserver {
                let session = tree.takeSession(of: node)
                observer!.sessionDidEnd(session)
            }
        }
        if isTornDown { return }

        if !tree.nodes[node].parent.isNone {
            tree.unindexChild(node)
        }
        // The record goes first and the values last, so that what their
        // deinits run finds the tree consistent (R24).
        let store = anyStore(of: node), slot = tree.nodes[node].slot
        tree.nodes.free(node)
        store.withGuaranteedRef { $0.releaseSlot($0, slot) }
    }

    /// R10: ends every node; every sink is dead from the start.
    func tearDown() {
        cascade.tearDown()
        endNode(root)
    }
}
