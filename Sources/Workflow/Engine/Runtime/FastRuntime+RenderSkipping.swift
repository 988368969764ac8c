// Render skipping (S1-S4): what marks a node dirty, what lets a pass reuse
// a child's rendering, and what makes it clean again.

extension FastRuntime {
    /// S1: the node and every ancestor need rendering. Stops at the first
    /// ancestor already marked: its own ancestors are marked too.
    func markNeedsRender(_ node: NodeID) {
        var current = node
        while !current.isNone, !tree.nodes[current].needsRender {
            tree.nodes[current].needsRender = true
            current = tree.nodes[current].parent
        }
    }

    /// S2: a child asked for again keeps its rendering when it is clean and
    /// its new workflow value counts as unchanged.
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

    /// A node that just rendered is clean until an action changes a state
    /// in its subtree.
    @inlinable @inline(__always)
    func markRendered(_ node: NodeID) {
        tree.nodes[node].needsRender = false
    }
}
