/// The node behind `ignoringOutput()`: renders its child under the key "" and
/// turns every output of the child into an action that does nothing.
///
/// Package-visible so that `RenderTester.expectWorkflowIgnoringOutput` can
/// expect a child of this type.
package struct OutputBlockingWorkflow<Child: AnyWorkflowConvertible>: Workflow {
    package typealias State = Void
    package typealias Output = Never

    package var child: Child

    @inlinable
    package init(child: Child) {
        self.child = child
    }

    @inlinable
    package func render(state: Void, context: RenderContext<Self>) -> Child.Rendering {
        child._renderAsChild(in: context, key: "", outputMap: { _ in AnyWorkflowAction<Self>.noAction })
    }
}
