import Workflow

// Sink registrations (R13-R16): one object per (node, action type) that is
// live while the node declares the type, dead for good afterwards.

/// The type-erased face of a registration, for the node's table.
@MainActor
class AnyReferenceSinkRegistration {
    /// Makes the registration dead: every sink made from it becomes a no-op.
    func kill() {}
}

/// One live registration of a node for actions of type `Action`. Its sink
/// holds it weakly; it holds its node weakly and forgets it when killed, so
/// a dead registration never reaches a node again.
final class ReferenceSinkRegistration<Action: WorkflowAction>: AnyReferenceSinkRegistration {
    private weak var node: ReferenceNode<Action.WorkflowType>?
    /// The one sink every pass that declares the type gets.
    private(set) var sink: Sink<Action>!

    init(node: ReferenceNode<Action.WorkflowType>) {
        self.node = node
        super.init()
        // Named apart from the node, for a send from another queue (R22),
        // which every send is checked for, also one that is then dropped.
        let sinkDescription = "A sink of \(Action.WorkflowType.self) (key \"\(MessageExcerpt.of(node.key))\")"
        sink = Sink(
            { [weak self] action in
                MainQueue.check("\(sinkDescription) was sent \(Action.self)")
                self?.receive(action)
            },
            fromWorker: { [weak self] action in self?.receiveFromWorker(action) }
        )
    }

    override func kill() {
        node = nil
    }

    /// A send: a no-op when dead, fatal while its node is in its `render`,
    /// waiting during any other render or while the host is busy with a
    /// cascade, else a cascade of its own, now (R15, R16). The node is held
    /// only while it is looked at: a cascade may end it (R24).
    private func receive(_ action: Action) {
        guard let runtime = node?.runtime else { return }
        runtime.gate.send(
            nodeIsRendering: { node?.isRendering ?? false },
            sendDuringRender: {
                RuntimeErrors.sendDuringRender(actionType: Action.self, workflowType: Action.WorkflowType.self, key: node!.key)
            },
            // Looked at again when it runs: a send whose sink died meanwhile is dropped.
            work: { self.cascade(action) }
        )
    }

    /// A worker's output (B1): on a host that renders bursts once, it waits
    /// for the end of the main queue's turn; else it is any send.
    private func receiveFromWorker(_ action: Action) {
        guard let runtime = node?.runtime else { return }
        guard runtime.conflatesBursts else { return receive(action) }
        runtime.gate.gather { self.cascade(action) }
    }

    private func cascade(_ action: Action) {
        guard let (runtime, originPath) = node.map({ ($0.runtime, $0.typesToRoot) }) else { return }
        runtime.runCascade(originPath: originPath) { cascade in
            node?.receive(action, in: cascade)
        }
    }
}

/// A node's registrations, one per action type.
@MainActor
struct ReferenceSinks {
    private var registrations: [ObjectIdentifier: AnyReferenceSinkRegistration] = [:]

    /// The live registration of `node` for `Action`, made if there is none.
    mutating func registration<Action: WorkflowAction>(
        of actionType: Action.Type,
        node: ReferenceNode<Action.WorkflowType>
    ) -> ReferenceSinkRegistration<Action> {
        let id = ObjectIdentifier(Action.self)
        if let existing = registrations[id] {
            return existing as! ReferenceSinkRegistration<Action>
        }
        let registration = ReferenceSinkRegistration<Action>(node: node)
        registrations[id] = registration
        return registration
    }

    /// Kills and forgets the registrations of action types not in `declared`.
    mutating func killAll(except declared: Set<ObjectIdentifier>) {
        guard registrations.count != declared.count else { return }
        for (id, registration) in registrations where !declared.contains(id) {
            registration.kill()
            registrations[id] = nil
        }
    }

    /// Kills and forgets every registration.
    mutating func killAll() {
        for registration in registrations.values {
            registration.kill()
        }
        registrations = [:]
    }
}
