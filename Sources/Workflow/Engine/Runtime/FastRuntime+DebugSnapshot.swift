// What the debugger sees of a tree (R21).

extension FastRuntime {
    func snapshot(of node: NodeID) -> WorkflowHierarchyDebugSnapshot {
        let store = anyStore(of: node).takeUnretainedValue()
        var children: [WorkflowHierarchyDebugSnapshot.Child] = []
        var child = tree.nodes[node].firstChild
        while !child.isNone {
            children.append(WorkflowHierarchyDebugSnapshot.Child(key: tree.nodes[keyOf: child], snapshot: snapshot(of: child)))
            child = tree.nodes[child].nextSibling
        }
        return WorkflowHierarchyDebugSnapshot(workflowType: store.workflowType, state: store.state(at: tree.nodes[node].slot), children: children)
    }
}
