// Render skipping (S1-S4): reusing renderings, marking clean. An action
// marks dirty (S1) in +Cascade.

extension FastRuntime {
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
        tree.nodes[node].markRendered()
    }
}
