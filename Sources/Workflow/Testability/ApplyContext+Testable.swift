// Members that code written against the runtime's `@testable` seam uses on
// actions and their contexts.

extension ApplyContext {
    /// The workflow value a runtime context reads, while its apply runs; nil
    /// once the apply returned, and for a tester's context.
    var concreteStorage: WorkflowType? {
        guard let workflow, epoch == ApplyEpoch.current else { return nil }
        return workflow.pointee
    }
}

extension WorkflowAction {
    /// Applies the action with a context that has no workflow value: for
    /// actions that do not read one (a read traps).
    @preconcurrency @MainActor
    func apply(toState state: inout WorkflowType.State) -> WorkflowType.Output? {
        apply(toState: &state, context: ApplyContext(backend: NoWorkflowValue<WorkflowType>()))
    }
}

/// The backend of a context made without a workflow value.
private struct NoWorkflowValue<WorkflowType: Workflow>: ApplyContextBackend {
    subscript<Value>(workflowValue keyPath: KeyPath<WorkflowType, Value>) -> Value {
        fatalError("ApplyContext<\(WorkflowType.self)> has no workflow value: the action was applied with apply(toState:) alone.")
    }
}
