/// A fast-runtime sink: (runtime, node handle, action type). Sends check the
/// registration and handle, so a gone node's sink does nothing after ID reuse.
@usableFromInline
final class ActionSinkTarget<Action: WorkflowAction>: SinkTarget<Action> {
    // Unowned: the runtime kills every registration before it goes away,
    // and a dead registration never touches it.
    @usableFromInline unowned(unsafe) let runtime: FastRuntime
    @usableFromInline let node: NodeHandle
    /// The node's key, kept apart so that a send from another queue can name
    /// it without touching the runtime (R22).
    @usableFromInline let key: String

    @inlinable
    init(runtime: FastRuntime, node: NodeHandle, key: String, declaredInPass: UInt32) {
        self.runtime = runtime
        self.node = node
        self.key = key
        super.init(declaredInPass: declaredInPass)
    }

    override var ownerNode: NodeHandle? { node }

    /// A Swift 5 send: R22's check, which Swift 6 code passed at compile time.
    override func receiveFromUncheckedCaller(_ action: Action) {
        MainQueue.check("A sink of \(Action.WorkflowType.self) (key \"\(MessageExcerpt.of(key))\") was sent \(Action.self)")
        deliver(action)
    }

    override func receive(_ action: Action) {
        deliver(action)
    }

    /// B1: the runtime hears that this send is a worker's as it receives it.
    override func receiveFromWorker(_ action: Action) {
        deliver(action, fromWorker: true)
    }

    /// Inlined into the entries, so none pays an extra call.
    @inline(__always)
    private func deliver(_ action: Action, fromWorker: Bool = false) {
        #if DEBUG  // fault injection (differential tests): a dead sink still delivers
        guard isAlive || FaultInjection.deliverStaleSinkAction else { return }
        #else
        guard isAlive else { return }
        #endif
        if fromWorker, runtime.conflatesBursts { runtime.cascade.isWorkerSend = true }
        // An observer may release the host during the cascade: keep the
        // runtime alive until the cascade and its queued sends are done.
        keepingAlive(runtime) {
            // Specialised for `Action` through its conformance: this
            // class's own methods are generic code, never specialised.
            Action._sendToFastRuntime(action, target: self)
        }
    }
}
