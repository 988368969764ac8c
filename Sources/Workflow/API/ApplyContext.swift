/// What an action can read while it is applied: the node's current workflow
/// value. Valid only inside the `apply(toState:context:)` call that got it.
public struct ApplyContext<WorkflowType: Workflow> {
    /// Where the workflow value comes from. A runtime node's context carries
    /// the value itself; a tester's context asks its backend.
    @usableFromInline
    enum Source {
        case node(WorkflowType)
        case backend(any ApplyContextBackend<WorkflowType>)
    }

    @usableFromInline let source: Source
    @usableFromInline let key: String
    @usableFromInline let epoch: UInt64

    @inlinable
    init(workflow: WorkflowType, key: String, epoch: UInt64) {
        self.source = .node(workflow)
        self.key = key
        self.epoch = epoch
    }

    /// A context whose values come from `backend` (the testers). It is not
    /// tied to an apply call: the backend decides what a read does.
    package init(backend: any ApplyContextBackend<WorkflowType>) {
        self.source = .backend(backend)
        self.key = ""
        self.epoch = 0
    }

    /// The value at `keyPath` of the node's current workflow value.
    @inlinable
    public subscript<Value>(workflowValue keyPath: KeyPath<WorkflowType, Value>) -> Value {
        if case let .node(workflow) = source, _fastPath(epoch == ApplyEpoch.current) {
            return workflow[keyPath: keyPath]
        }
        return valueOffTheFastPath(keyPath)
    }

    /// A backend's read, or the trap for a node context used after its apply
    /// returned. Kept out of line so the runtime's read stays small.
    @usableFromInline
    @inline(never)
    func valueOffTheFastPath<Value>(_ keyPath: KeyPath<WorkflowType, Value>) -> Value {
        switch source {
        case let .backend(backend):
            return backend[workflowValue: keyPath]
        case .node:
            ApplyEpoch.usedAfterApply(WorkflowType.self, key: key)
        }
    }
}

/// The seam for apply contexts that are not a runtime node's: the testers
/// answer reads from a workflow value they were given, or report that none
/// was. The runtimes never go through it.
@usableFromInline
package protocol ApplyContextBackend<WorkflowType> {
    associatedtype WorkflowType: Workflow

    subscript<Value>(workflowValue keyPath: KeyPath<WorkflowType, Value>) -> Value { get }
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
