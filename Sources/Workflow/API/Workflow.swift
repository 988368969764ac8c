/// A workflow: a state machine with props, private state, renderings and outputs.
///
/// Its stored properties are the props; its node owns the `State`. `render`
/// must be idempotent: it may run any number of times, or be skipped (S1-S4).
public protocol Workflow<Rendering, Output>: AnyWorkflowConvertible {
    /// The private state of the workflow's node.
    associatedtype State

    /// The value passed up to the parent when an action returns one.
    associatedtype Output = Never

    /// The value produced by each render pass.
    associatedtype Rendering

    /// The state of a node that is starting.
    @preconcurrency @MainActor
    func makeInitialState() -> State

    /// Runs before `render` when the parent gives a new value; default: no-op.
    @preconcurrency @MainActor
    func workflowDidChange(from previousWorkflow: Self, state: inout State)

    /// Renders `state`; children, side effects and sinks come from `context`.
    @preconcurrency @MainActor
    func render(state: State, context: RenderContext<Self>) -> Rendering

    // Hidden requirements, not for user code: see HiddenRequirements.swift.
    static func _renderSkippingEquality(_ lhs: Self, _ rhs: Self) -> Bool?
    static func _renderSkippingStateEquality(_ lhs: State, _ rhs: State) -> Bool?
}

extension Workflow {
    @inlinable
    public func workflowDidChange(from previousWorkflow: Self, state: inout State) {}

    @inlinable
    public func asAnyWorkflow() -> AnyWorkflow<Rendering, Output> {
        AnyWorkflow(self)
    }
}

extension Workflow where State == Void {
    @inlinable
    public func makeInitialState() -> State { () }
}
