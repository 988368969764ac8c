/// The node behind `ignoringOutput()`: renders its child under the key "" and
/// turns every output of the child into an action that does nothing.
@usableFromInline
struct OutputBlockingWorkflow<Child: AnyWorkflowConvertible>: Workflow {
    @usableFromInline typealias State = Void
    @usableFromInline typealias Output = Never

    @usableFromInline
    var child: Child

    @inlinable
    init(child: Child) {
        self.child = child
    }

    @inlinable
    func render(state: Void, context: RenderContext<Self>) -> Child.Rendering {
        child._renderAsChild(in: context, key: "", outputMap: { _ in AnyWorkflowAction<Self>.noAction })
    }
}
