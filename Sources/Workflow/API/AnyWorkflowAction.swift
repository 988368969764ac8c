/// A type-erased workflow action, or an action made from a closure.
public struct AnyWorkflowAction<WorkflowType: Workflow>: WorkflowAction {
    @usableFromInline
    let _apply: ActionApplyClosure

    /// The wrapped action (a closure-based action wraps a private value).
    public let base: Any

    /// Whether this action was made from a closure rather than from an action value.
    public let isClosureBased: Bool

    /// Wraps `base`; an `AnyWorkflowAction` is not wrapped twice.
    @inlinable
    public init<E: WorkflowAction>(_ base: E) where E.WorkflowType == WorkflowType {
        if E.self == AnyWorkflowAction<WorkflowType>.self {
            self = base as! AnyWorkflowAction<WorkflowType>
            return
        }
        // Run only in `apply`, on the main actor: the cast drops the isolation,
        // which changes checks, not the call (`base` drops its check too), so
        // `ActionApplyClosure` keeps its Swift 5 type.
        nonisolated(unsafe) let base = base
        let apply: @MainActor (inout WorkflowType.State, ApplyContext<WorkflowType>) -> WorkflowType.Output? = {
            base.apply(toState: &$0, context: $1)
        }
        self._apply = unsafeBitCast(apply, to: ActionApplyClosure.self)
        self.base = base
        self.isClosureBased = false
    }

    /// An action that runs `apply`.
    public init(
        _ apply: @escaping ActionApplyClosure,
        fileID: StaticString = #fileID,
        line: UInt = #line
    ) {
        self._apply = apply
        self.base = ClosureAction<WorkflowType>(fileID: fileID, line: line)
        self.isClosureBased = true
    }

    /// An action that runs `apply`, which does not need the context.
    @_disfavoredOverload
    public init(
        _ apply: @escaping (inout WorkflowType.State) -> WorkflowType.Output?,
        fileID: StaticString = #fileID,
        line: UInt = #line
    ) {
        self.init({ state, _ in apply(&state) }, fileID: fileID, line: line)
    }

    @inlinable
    public func apply(toState state: inout WorkflowType.State, context: ApplyContext<WorkflowType>) -> WorkflowType.Output? {
        _apply(&state, context)
    }
}

extension AnyWorkflowAction {
    /// An action that leaves the state as it is and sends `output` to the parent.
    public init(sendingOutput output: WorkflowType.Output) {
        self.init({ _, _ in output })
    }

    /// An action that does nothing: no state change, no output.
    public static var noAction: AnyWorkflowAction<WorkflowType> {
        AnyWorkflowAction { _, _ in nil }
    }
}

/// A closure-based action's `base`: where the closure was written, for logs.
struct ClosureAction<WorkflowType: Workflow>: CustomStringConvertible {
    let fileID: StaticString
    let line: UInt

    var description: String { "ClosureAction<\(WorkflowType.self)>(fileID: \(fileID), line: \(line))" }
}
