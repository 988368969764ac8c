/// The seam for runtimes other than the fast one, and for testers: the
/// reference runtime's nodes and `RenderTester`'s mock implement it, and a
/// `RenderContext` made with `init(backend:)` forwards to it. The fast runtime
/// never goes through it.
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

/// The name code written against the runtime's `@testable` seam uses for
/// `RenderContextBackend`.
typealias RenderContextType = RenderContextBackend
