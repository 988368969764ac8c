// Members of actions and contexts for code using the `@testable` seam.

extension ApplyContext {
    /// A runtime context's workflow value while its apply runs, else nil.
    var concreteStorage: WorkflowType? {
        guard let workflow, epoch == ApplyEpoch.current else { return nil }
        return workflow.pointee
    }
}

extension WorkflowAction {
    /// Applies the action with a context whose workflow value read traps.
    @preconcurrency @MainActor
    func apply(toState state: inout WorkflowType.State) -> WorkflowType.Output? {
        apply(toState: &state, context: ApplyContext(backend: NoWorkflowValue<WorkflowType>()))
    }
}

private struct NoWorkflowValue<WorkflowType: Workflow>: ApplyContextBackend {
    subscript<Value>(workflowValue keyPath: KeyPath<WorkflowType, Value>) -> Value {
        fatalError("ApplyContext<\(WorkflowType.self)> has no workflow value: the action was applied with apply(toState:) alone.")
    }
}
