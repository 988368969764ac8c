/// A node's sink for one action type (R13): made on the first pass that
/// declares the type, reused by every later pass that declares it again,
/// killed by the first pass that does not, or by the node's end. Once dead it
/// stays dead; a later declaration makes a new registration.
///
/// Registrations of one node form an intrusive list from
/// `NodeRecord.sinks`, so a node with one action type costs one object.
@usableFromInline
package class SinkRegistration {
    /// The pass that last declared the registration's action type; 0 once
    /// the registration is dead. (The action type itself is the dynamic
    /// type of the `ActionSinkTarget`: no field for it, 48 bytes in all.)
    @usableFromInline var declaredInPass: UInt32
    @usableFromInline var next: SinkRegistration?

    @usableFromInline
    init(declaredInPass: UInt32) {
        self.declaredInPass = declaredInPass
    }

    @inlinable
    var isAlive: Bool { declaredInPass != 0 }
}

/// A fast-runtime sink: (runtime, node handle, action type). Sending checks
/// that the registration is alive and the handle current, so a sink of a
/// node that is gone does nothing, even after its slot was reused.
@usableFromInline
final class ActionSinkTarget<Action: WorkflowAction>: SinkTarget<Action> {
    // Unowned: the runtime kills every registration before it goes away,
    // and a dead registration never touches it.
    @usableFromInline unowned(unsafe) let runtime: FastRuntime
    @usableFromInline let node: NodeHandle

    @inlinable
    init(runtime: FastRuntime, node: NodeHandle, declaredInPass: UInt32) {
        self.runtime = runtime
        self.node = node
        super.init(declaredInPass: declaredInPass)
    }

    @usableFromInline
    override func receive(_ action: Action) {
        MainQueue.check("A sink of \(Action.WorkflowType.self) was sent \(Action.self)")
        #if DEBUG  // fault injection (differential tests): a dead sink still delivers
        guard isAlive || FaultInjection.deliverStaleSinkAction else { return }
        #else
        guard isAlive else { return }
        #endif
        // An observer may release the host during the cascade: keep the
        // runtime alive until the cascade and its queued sends are done.
        withExtendedLifetime(runtime) {
            runtime.receive(action, from: self)
        }
    }
}
