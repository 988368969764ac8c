// What the debugger sees of a tree (R21).

extension FastRuntime {
    /// The debugger's view of a subtree (R21).
    @usableFromInline
    func snapshot(of node: Int32) -> WorkflowHierarchyDebugSnapshot {
        let i = Int(node)
        let store = anyStore(of: node).takeUnretainedValue()
        var children: [WorkflowHierarchyDebugSnapshot.Child] = []
        var child = nodes[i].firstChild
        while child >= 0 {
            children.append(WorkflowHierarchyDebugSnapshot.Child(key: nodes[key: Int(child)], snapshot: snapshot(of: child)))
            child = nodes[Int(child)].nextSibling
        }
        return WorkflowHierarchyDebugSnapshot(workflowType: store.workflowType, state: store.state(at: nodes[i].slot), children: children)
    }
}
