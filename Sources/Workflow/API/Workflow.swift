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
    func makeInitialState() -> State

    /// Called when the parent renders this workflow again with a new value,
    /// before the new value's `render`. The default does nothing.
    func workflowDidChange(from previousWorkflow: Self, state: inout State)

    /// Produces a rendering from the current state; asks for children and side
    /// effects, and declares sinks, through `context`.
    func render(state: State, context: RenderContext<Self>) -> Rendering

    /// Render skipping's `==` of two workflow values (S2), chosen where the
    /// type conforms: `==` for an `Equatable` workflow, `nil` (left to a
    /// look-up at run time) otherwise. A requirement so that the fast runtime
    /// calls `==` specialised for the concrete type; the runtime never asks
    /// it of a class. Not for user code: the defaults are the only witnesses.
    static func _renderSkippingEquality(_ lhs: Self, _ rhs: Self) -> Bool?

    /// The same for two states (S1).
    static func _renderSkippingStateEquality(_ lhs: State, _ rhs: State) -> Bool?
}

extension Workflow {
    @inlinable
    public func workflowDidChange(from previousWorkflow: Self, state: inout State) {}

    @inlinable
    public func asAnyWorkflow() -> AnyWorkflow<Rendering, Output> {
        AnyWorkflow(self)
    }

    /// A concrete workflow renders as its own node: straight into the runtime,
    /// specialised for `Self` at the caller (no type erasure, no box).
    @inlinable
    public func _renderAsChild<Parent, Action: WorkflowAction>(
        in context: RenderContext<Parent>,
        key: String,
        outputMap: @escaping (Output) -> Action
    ) -> Rendering where Action.WorkflowType == Parent {
        context.render(workflow: self, key: key, outputMap: outputMap)
    }
}

// S1, S2: what the fast runtime compares, chosen at the conformance. A
// conformance the compiler cannot see there (a conditional or retroactive
// `Equatable`) falls back to `Equality`, found once per type at run time.
extension Workflow {
    @inlinable
    public static func _renderSkippingEquality(_ lhs: Self, _ rhs: Self) -> Bool? { nil }

    @inlinable
    public static func _renderSkippingStateEquality(_ lhs: State, _ rhs: State) -> Bool? { nil }
}

extension Workflow where Self: Equatable {
    @inlinable
    public static func _renderSkippingEquality(_ lhs: Self, _ rhs: Self) -> Bool? {
        lhs == rhs
    }
}

extension Workflow where State: Equatable {
    @inlinable
    public static func _renderSkippingStateEquality(_ lhs: State, _ rhs: State) -> Bool? {
        lhs == rhs
    }
}

extension Workflow where State == Void {
    @inlinable
    public func makeInitialState() -> State { () }
}
