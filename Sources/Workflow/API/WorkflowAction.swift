/// An action that advances a workflow: applied to its node's state, it may
/// return an output for the parent.
public protocol WorkflowAction<WorkflowType> {
    /// The workflow whose state this action applies to.
    associatedtype WorkflowType: Workflow

    /// Mutates `state` and returns an output for the parent, or `nil`.
    @preconcurrency @MainActor
    func apply(
        toState state: inout WorkflowType.State,
        context: ApplyContext<WorkflowType>
    ) -> WorkflowType.Output?

    // Hidden requirement, not for user code: see HiddenRequirements.swift.
    @MainActor
    static func _sendToFastRuntime(_ action: Self, target: AnyObject)
}

extension WorkflowAction {
    /// The shape of an action's `apply` as a closure: mutate the state, read
    /// the workflow's current value through the context, return an output for
    /// the parent or `nil`.
    public typealias ActionApplyClosure = (inout WorkflowType.State, ApplyContext<WorkflowType>) -> WorkflowType.Output?
}
