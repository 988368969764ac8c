/// A workflow: a state machine with props, private state, renderings and outputs.
///
/// The workflow value itself holds the props (its stored properties). The
/// runtime keeps one node per workflow in the tree: the node owns the `State`,
/// calls `render(state:context:)` whenever a rendering is needed, and applies
/// actions sent through sinks to the state.
///
/// `render(state:context:)` must be idempotent: the runtime gives no guarantee
/// of how many times it is called, and the fast runtime skips the calls whose
/// result cannot have changed (rules S1-S4).
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

    /// Called when the parent renders this workflow again with a new value,
    /// before the new value's `render`. The default does nothing.
    @preconcurrency @MainActor
    func workflowDidChange(from previousWorkflow: Self, state: inout State)

    /// Produces a rendering from the current state; asks for children and side
    /// effects, and declares sinks, through `context`.
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
