// Ending a node and its subtree (R9, R10).

extension FastRuntime {
    /// R9, R10, post-order: children in order, side effects in start order,
    /// sinks, session. On teardown only what users observe is done per node.
    func endNode(_ node: NodeID) {
        // On teardown, a plain leaf with nobody listening has nothing to end.
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
            if isTraced { trace.nodeDidEnd(traceIdentity(of: node)) }
            if hasObserver {
                let session = tree.takeSession(of: node)
                observer!.sessionDidEnd(session)
            }
        }
        if isTornDown { return }

        if !tree.nodes[node].parent.isNone {
            tree.unindexChild(node)
        }
        // The record before the values: deinits find the tree consistent (R24).
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
