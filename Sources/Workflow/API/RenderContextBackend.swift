/// What `RenderContext(backend:)` forwards to: a reference node or a mock.
@usableFromInline
@MainActor
package protocol RenderContextBackend<WorkflowType>: AnyObject {
    associatedtype WorkflowType: Workflow

    func render<Child: Workflow, Action: WorkflowAction>(
        workflow: Child,
        key: String,
        outputMap: @escaping (Child.Output) -> Action
    ) -> Child.Rendering where Action.WorkflowType == WorkflowType

    func makeSink<Action: WorkflowAction>(of actionType: Action.Type) -> Sink<Action>
        where Action.WorkflowType == WorkflowType

    func runSideEffect(key: AnyHashable, action: (Lifetime) -> Void)
}

/// `RenderContextBackend`'s name for code using the `@testable` seam.
typealias RenderContextType = RenderContextBackend
