/// A sink that mutates the node's state directly, through the node's
/// `AnyWorkflowAction` sink (R14).
public struct StateMutationSink<WorkflowType: Workflow> {
    @usableFromInline
    let sink: Sink<AnyWorkflowAction<WorkflowType>>

    @inlinable
    init(_ sink: Sink<AnyWorkflowAction<WorkflowType>>) {
        self.sink = sink
    }

    /// Applies `update` to the state.
    public func send(_ update: @escaping (inout WorkflowType.State) -> Void) {
        sink.send(AnyWorkflowAction<WorkflowType> { state, _ in
            update(&state)
            return nil
        })
    }

    /// Sets the state's value at `keyPath` to `value`.
    public func send<Value>(_ keyPath: WritableKeyPath<WorkflowType.State, Value>, value: Value) {
        send { $0[keyPath: keyPath] = value }
    }
}
