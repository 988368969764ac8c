/// A value that can be rendered as a child: a workflow, or convertible to one.
public protocol AnyWorkflowConvertible<Rendering, Output> {
    /// The rendering type of this value's `AnyWorkflow` representation.
    associatedtype Rendering

    /// The output type of this value's `AnyWorkflow` representation.
    associatedtype Output

    /// Returns an `AnyWorkflow` representing this value.
    func asAnyWorkflow() -> AnyWorkflow<Rendering, Output>

    // Hidden requirement, not for user code: see HiddenRequirements.swift.
    @preconcurrency @MainActor
    func _renderAsChild<Parent, Action: WorkflowAction>(
        in context: RenderContext<Parent>,
        key: String,
        outputMap: @escaping (Output) -> Action
    ) -> Rendering where Action.WorkflowType == Parent
}
