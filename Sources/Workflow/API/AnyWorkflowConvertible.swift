/// A value that can take part in a workflow tree as a child: a workflow, an
/// `AnyWorkflow`, or anything that can turn itself into one.
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
