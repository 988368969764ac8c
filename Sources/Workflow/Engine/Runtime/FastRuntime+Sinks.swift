// Sink registrations of a node (R13).

extension FastRuntime {
    /// R13: the node's registration for `Action`, reused while declared.
    @inlinable
    func makeSink<Action: WorkflowAction>(of actionType: Action.Type, node: NodeHandle) -> Sink<Action> {
        let pass = checkRendering(node, workflowType: Action.WorkflowType.self)
        let i = Int(node.index)
        let targetType = ObjectIdentifier(ActionSinkTarget<Action>.self)
        var registration = nodes[i].sinks?.takeUnretainedValue()
        while let current = registration {
            if ObjectIdentifier(type(of: current)) == targetType {
                current.declaredInPass = pass
                return Sink(target: unsafeDowncast(current, to: ActionSinkTarget<Action>.self))
            }
            registration = current.next
        }
        let target = ActionSinkTarget<Action>(runtime: self, node: node, key: nodes[key: i], declaredInPass: pass)
        if let head = nodes[i].sinks {
            target.next = head.takeRetainedValue()
        }
        nodes[i].sinks = Unmanaged.passRetained(target)
        return Sink(target: target)
    }

    /// Kills the registrations not declared in `pass` (all of them for nil).
    @usableFromInline
    func killSinks(of node: Int32, notDeclaredIn pass: UInt32?) {
        let i = Int(node)
        var kept: SinkRegistration?
        var registration = nodes[i].sinks?.takeRetainedValue()
        nodes[i].sinks = nil
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
        nodes[i].sinks = kept.map { Unmanaged.passRetained($0) }
    }
}
