/// What an action can read while it is applied: the node's current workflow
/// value. Valid only inside the `apply(toState:context:)` call that got it.
public struct ApplyContext<WorkflowType: Workflow> {
    @usableFromInline let workflow: WorkflowType
    @usableFromInline let key: String
    @usableFromInline let epoch: UInt64

    @inlinable
    init(workflow: WorkflowType, key: String, epoch: UInt64) {
        self.workflow = workflow
        self.key = key
        self.epoch = epoch
    }

    /// The value at `keyPath` of the node's current workflow value.
    @inlinable
    public subscript<Value>(workflowValue keyPath: KeyPath<WorkflowType, Value>) -> Value {
        if _slowPath(epoch != ApplyEpoch.current) {
            ApplyEpoch.usedAfterApply(WorkflowType.self, key: key)
        }
        return workflow[keyPath: keyPath]
    }
}

/// The validity of apply contexts: one counter, bumped before and after each
/// apply, so a context checks itself in O(1) without an object per action.
@usableFromInline
package enum ApplyEpoch {
    @usableFromInline
    nonisolated(unsafe) static var current: UInt64 = 0

    @usableFromInline
    static func usedAfterApply(_ type: Any.Type, key: String) -> Never {
        fatalError("ApplyContext<\(type)> (node key \"\(key)\") was used after its action's apply(toState:context:) returned; an ApplyContext is valid only during that call.")
    }
}

extension ApplyContext {
    /// Runs `body` with a context that is valid until `body` returns.
    @inlinable
    package static func withContext<Result>(
        workflow: WorkflowType,
        key: String,
        _ body: (ApplyContext<WorkflowType>) -> Result
    ) -> Result {
        ApplyEpoch.current &+= 1
        defer { ApplyEpoch.current &+= 1 }
        return body(ApplyContext(workflow: workflow, key: key, epoch: ApplyEpoch.current))
    }
}
