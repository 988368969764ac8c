// Sink registrations of a node (R13).

extension FastRuntime {
    /// R13: the node's registration for `Action`, reused while declared.
    @inlinable
    func makeSink<Action: WorkflowAction>(of actionType: Action.Type, node: NodeHandle) -> Sink<Action> {
        let pass = checkRendering(node, workflowType: Action.WorkflowType.self)
        let id = node.id
        let targetType = ObjectIdentifier(ActionSinkTarget<Action>.self)
        var registration = nodes[id].sinks?.takeUnretainedValue()
        while let current = registration {
            if ObjectIdentifier(type(of: current)) == targetType {
                current.declaredInPass = pass
                return Sink(target: unsafeDowncast(current, to: ActionSinkTarget<Action>.self))
            }
            registration = current.next
        }
        let target = ActionSinkTarget<Action>(runtime: self, node: node, key: nodes[keyOf: id], declaredInPass: pass)
        if let head = nodes[id].sinks {
            target.next = head.takeRetainedValue()
        }
        nodes[id].sinks = Unmanaged.passRetained(target)
        return Sink(target: target)
    }

    /// Kills the registrations not declared in `pass` (all of them for nil).
    func killSinks(of node: NodeID, notDeclaredIn pass: UInt32?) {
        var kept: SinkRegistration?
        var registration = nodes[node].sinks?.takeRetainedValue()
        nodes[node].sinks = nil
        while let current = registration {
            registration = current.next
            if let pass, current.declaredInPass == pass {
                current.next = kept
                kept = current
            } else {
                current.declaredInPass = 0  // dead for good
                current.next = nil
            }
        }
        nodes[node].sinks = kept.map { Unmanaged.passRetained($0) }
    }
}
