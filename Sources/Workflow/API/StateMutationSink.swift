/// A sink that mutates the node's state directly, through the node's
/// `AnyWorkflowAction` sink (R14). It sends on the main actor, as `Sink`
/// does: checked by the compiler for Swift 6 code, at run time for Swift 5
/// code (R22).
public struct StateMutationSink<WorkflowType: Workflow>: Sendable {
    @usableFromInline
    let sink: Sink<AnyWorkflowAction<WorkflowType>>

    @inlinable
    init(_ sink: Sink<AnyWorkflowAction<WorkflowType>>) {
        self.sink = sink
    }

    // Each `send` is declared once per language mode of its caller, as
    // `Sink.send` is (see there).

    /// Applies `update` to the state.
    @available(swift, introduced: 6)
    @MainActor
    public func send(_ update: __owned @escaping (inout WorkflowType.State) -> Void) {
        sink.target.receive(Self.action(update))
    }

    /// Applies `update` to the state; off the main queue it stops the
    /// program (R22).
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

    /// Sets the state's value at `keyPath` to `value`; off the main queue it
    /// stops the program (R22).
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
