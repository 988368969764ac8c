// STUB: replaced by the real engine.
@usableFromInline
struct NodeHandle: Equatable {
    @usableFromInline var index: Int32
    @usableFromInline var generation: UInt32
}

@usableFromInline
final class FastRuntime {
    @usableFromInline
    func renderChild<Parent: Workflow, Child: Workflow, Action: WorkflowAction>(
        _ workflow: Child, key: String, outputMap: @escaping (Child.Output) -> Action,
        parent: NodeHandle, parentType: Parent.Type
    ) -> Child.Rendering where Action.WorkflowType == Parent { fatalError() }

    @usableFromInline
    func makeSink<Action: WorkflowAction>(of actionType: Action.Type, node: NodeHandle) -> Sink<Action> { fatalError() }

    @usableFromInline
    func runSideEffect<W: Workflow>(key: AnyHashable, node: NodeHandle, workflowType: W.Type, action: (Lifetime) -> Void) { fatalError() }
}
