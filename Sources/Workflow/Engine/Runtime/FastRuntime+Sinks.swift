// Sink registrations of a node (R13), kept in its `SinkList`.

extension FastRuntime {
    /// R13: the node's registration for `Action`, reused while declared.
    @inlinable
    func makeSink<Action: WorkflowAction>(of actionType: Action.Type, node: NodeHandle) -> Sink<Action> {
        let pass = checkRendering(node, workflowType: Action.WorkflowType.self)
        let id = node.id
        if let registration = tree.nodes[id].sinks.registration(for: Action.self) {
            registration.declaredInPass = pass
            return Sink(target: registration)
        }
        let target = ActionSinkTarget<Action>(runtime: self, node: node, key: tree.nodes[keyOf: id], declaredInPass: pass)
        tree.nodes[id].sinks.add(target)
        return Sink(target: target)
    }

    /// Kills the registrations not declared in `pass` (all of them for nil).
    func killSinks(of node: NodeID, notDeclaredIn pass: UInt32?) {
        tree.nodes[node].sinks.kill(notDeclaredIn: pass)
    }
}
