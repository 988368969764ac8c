/// `ignoringOutput()`'s node, package-visible for `RenderTester`.
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
