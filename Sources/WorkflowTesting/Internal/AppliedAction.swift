import Workflow

/// The action a render test applied, kept as the value that was sent so that
/// the result can check it as any action type.
struct AppliedAction<WorkflowType: Workflow> {
    let erasedAction: Any

    init<ActionType: WorkflowAction>(_ action: ActionType) where ActionType.WorkflowType == WorkflowType {
        self.erasedAction = action
    }

    /// Runs `assertions` on the action if it is an `ActionType`; reports an
    /// issue otherwise.
    func verify<ActionType: WorkflowAction>(
        as actionType: ActionType.Type,
        file: StaticString,
        line: UInt,
        assertions: (ActionType) throws -> Void
    ) rethrows where ActionType.WorkflowType == WorkflowType {
        guard let action = erasedAction as? ActionType else {
            reportFailure("Expected action of type \(ActionType.self), got \(erasedAction)", file: file, line: line)
            return
        }
        try assertions(action)
    }
}
