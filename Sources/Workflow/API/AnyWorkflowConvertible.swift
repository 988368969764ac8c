/// A value that can take part in a workflow tree as a child: a workflow, an
/// `AnyWorkflow`, or anything that can turn itself into one.
public protocol AnyWorkflowConvertible<Rendering, Output> {
    /// The rendering type of this value's `AnyWorkflow` representation.
    associatedtype Rendering

    /// The output type of this value's `AnyWorkflow` representation.
    associatedtype Output

    /// Returns an `AnyWorkflow` representing this value.
    func asAnyWorkflow() -> AnyWorkflow<Rendering, Output>

    /// The runtime's entry point for rendering this value as a child; not for
    /// users. Call `rendered(in:key:)` and its overloads instead.
    ///
    /// This requirement exists so that the hottest call of a render pass stays
    /// a chain of static, specialisable calls: a concrete `Workflow` goes
    /// straight to the runtime with its own type, `AnyWorkflow` opens its box,
    /// and only other conformers pay for `asAnyWorkflow()`.
    func _renderAsChild<Parent, Action: WorkflowAction>(
        in context: RenderContext<Parent>,
        key: String,
        outputMap: @escaping (Output) -> Action
    ) -> Rendering where Action.WorkflowType == Parent
}

extension AnyWorkflowConvertible {
    @inlinable
    public func _renderAsChild<Parent, Action: WorkflowAction>(
        in context: RenderContext<Parent>,
        key: String,
        outputMap: @escaping (Output) -> Action
    ) -> Rendering where Action.WorkflowType == Parent {
        asAnyWorkflow()._renderAsChild(in: context, key: key, outputMap: outputMap)
    }
}
