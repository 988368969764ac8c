// Ending a node and its subtree (R9, R10).

extension FastRuntime {
    /// Ends a node and its subtree, post-order: children (in their order),
    /// side effects (in start order), sinks, then the session (R9, R10).
    /// When the whole host goes away, the arena is dropped as a whole and
    /// only what users can observe is done node by node.
    @usableFromInline
    func endNode(_ node: Int32) {
        let i = Int(node)
        var child = nodes[i].firstChild
        while child >= 0 {
            let next = nodes[Int(child)].nextSibling
            endNode(child)
            child = next
        }
        if let sideEffects = nodes[i].sideEffects {
            nodes[i].sideEffects = nil
            let table = sideEffects.takeRetainedValue()
            #if DEBUG  // fault injection (differential tests): keep the side effects alive
            if FaultInjection.keepRemovedSideEffect { FaultInjection.keptAlive += table.entries.map(\.lifetime); table.entries = [] }
            #endif
            table.endAll()
        }
        if nodes[i].sinks != nil {
            killSinks(of: node, notDeclaredIn: nil)
        }
        if hasObserver {
            let session = sessions[i]!
            sessions[i] = nil
            observer!.sessionDidEnd(session)
        }
        if isTornDown { return }

        if nodes[i].parent >= 0 {
            childIndex.remove(node, hash: nodes[i].indexHash)
        }
        anyStore(of: node)._withUnsafeGuaranteedRef { $0.releaseSlot(nodes[i].slot) }
        nodes.free(node)
    }

    /// R10: ends every node; every sink is dead from the start.
    @usableFromInline
    func tearDown() {
        isTornDown = true
        endNode(root)
    }
}
