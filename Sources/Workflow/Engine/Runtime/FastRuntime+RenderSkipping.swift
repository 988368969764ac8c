// Render skipping (S1-S4): marking dirty, reusing renderings, marking clean.

extension FastRuntime {
    /// S1: marks the node and its ancestors up to one marked (its are, too).
    func markNeedsRender(_ node: NodeID) {
        var current = node
        while !current.isNone, !tree.nodes[current].needsRender {
            tree.nodes[current].needsRender = true
            current = tree.nodes[current].parent
        }
    }

    /// S2: a clean child with an unchanged workflow value keeps its rendering.
    @inlinable @inline(__always)
    func canSkip<W: Workflow>(needsRender: Bool, store: NodeStore<W>, slot: StoreSlot, newWorkflow: W) -> Bool {
        guard skipsCleanChildren else { return false }
        if !needsRender, store.isUnchanged(store[slot].workflow, newWorkflow) {
            return true
        }
        #if DEBUG  // fault injection (differential tests): skip a dirty child too
        if FaultInjection.skipDirtyChild, store.isUnchanged(store[slot].workflow, newWorkflow) {
            return true
        }
        #endif
        return false
    }

    /// Clean until an action changes a state in its subtree.
    @inlinable @inline(__always)
    func markRendered(_ node: NodeID) {
        tree.nodes[node].needsRender = false
    }
}
