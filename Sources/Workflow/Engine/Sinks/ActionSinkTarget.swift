/// A fast-runtime sink: (runtime, node handle, action type). Sending checks
/// that the registration is alive and the handle current, so a sink of a
/// node that is gone does nothing, even after its node ID was reused.
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

    override func receive(_ action: Action) {
        MainQueue.precondition()
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
