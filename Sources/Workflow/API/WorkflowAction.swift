/// An action of a workflow: it mutates the state and may return an output.
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
    /// An action's `apply(toState:context:)` as a closure.
    public typealias ActionApplyClosure = (inout WorkflowType.State, ApplyContext<WorkflowType>) -> WorkflowType.Output?
}
