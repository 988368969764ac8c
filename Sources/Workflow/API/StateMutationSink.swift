/// A sink mutating the node's state (R14), sending on the main actor (R22).
public struct StateMutationSink<WorkflowType: Workflow>: Sendable {
    @usableFromInline
    let sink: Sink<AnyWorkflowAction<WorkflowType>>

    @inlinable
    init(_ sink: Sink<AnyWorkflowAction<WorkflowType>>) {
        self.sink = sink
    }

    // One `send` per language mode of the caller, as for `Sink.send`.

    /// Applies `update` to the state.
    @available(swift, introduced: 6)
    @MainActor
    public func send(_ update: __owned @escaping (inout WorkflowType.State) -> Void) {
        sink.target.receive(Self.action(update))
    }

    /// Applies `update`; off the main queue it stops the program (R22).
    @available(swift, obsoleted: 6)
    @preconcurrency @MainActor
    public func send(_ update: __shared @escaping (inout WorkflowType.State) -> Void) {
        sink.target.receiveFromUncheckedCaller(Self.action(update))
    }

    /// Sets the state's value at `keyPath` to `value`.
    @available(swift, introduced: 6)
    @MainActor
    public func send<Value>(_ keyPath: WritableKeyPath<WorkflowType.State, Value>, value: __owned Value) {
        sink.target.receive(Self.action { $0[keyPath: keyPath] = value })
    }

    /// Sets `keyPath` to `value`; stops the program off the main queue (R22).
    @available(swift, obsoleted: 6)
    @preconcurrency @MainActor
    public func send<Value>(_ keyPath: WritableKeyPath<WorkflowType.State, Value>, value: __shared Value) {
        sink.target.receiveFromUncheckedCaller(Self.action { $0[keyPath: keyPath] = value })
    }

    private static func action(_ update: @escaping (inout WorkflowType.State) -> Void) -> AnyWorkflowAction<WorkflowType> {
        AnyWorkflowAction<WorkflowType> { state, _ in
            update(&state)
            return nil
        }
    }
}
