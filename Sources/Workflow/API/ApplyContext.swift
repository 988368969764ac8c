/// An action's view of its node's workflow value, valid only in its `apply`.
public struct ApplyContext<WorkflowType: Workflow> {
    /// The node's workflow value, read while `epoch` is current; a pointer, so
    /// a context needs no metadata look-up where the cascade is generic.
    @usableFromInline let workflow: UnsafePointer<WorkflowType>?
    /// A tester's `ApplyContextBackendBox`; `AnyObject` for the same reason.
    @usableFromInline let backend: AnyObject?
    @usableFromInline let key: String
    @usableFromInline let epoch: UInt64

    /// A tester's context, tied to no apply call: `backend` answers reads.
    package init(backend: any ApplyContextBackend<WorkflowType>) {
        self.workflow = nil
        self.backend = ApplyContextBackendBox(backend)
        self.key = ""
        self.epoch = 0
    }

    /// The value at `keyPath` of the node's current workflow value.
    @inlinable
    public subscript<Value>(workflowValue keyPath: KeyPath<WorkflowType, Value>) -> Value {
        if let workflow, _fastPath(epoch == ApplyEpoch.current) {
            return workflow.pointee[keyPath: keyPath]
        }
        return valueOffTheFastPath(keyPath)
    }

    /// A backend's read or a stale context's trap, kept off the fast path.
    @usableFromInline
    @inline(never)
    func valueOffTheFastPath<Value>(_ keyPath: KeyPath<WorkflowType, Value>) -> Value {
        guard let backend else {
            ApplyEpoch.usedAfterApply(WorkflowType.self, key: key)
        }
        // Only `init(backend:)` sets it, with a box of this workflow type.
        return unsafeDowncast(backend, to: ApplyContextBackendBox<WorkflowType>.self).backend[workflowValue: keyPath]
    }
}

final class ApplyContextBackendBox<WorkflowType: Workflow> {
    let backend: any ApplyContextBackend<WorkflowType>

    init(_ backend: any ApplyContextBackend<WorkflowType>) {
        self.backend = backend
    }
}

/// Where a tester's apply context reads; the runtimes never go through it.
package protocol ApplyContextBackend<WorkflowType> {
    associatedtype WorkflowType: Workflow

    subscript<Value>(workflowValue keyPath: KeyPath<WorkflowType, Value>) -> Value { get }
}

/// Apply contexts' validity in O(1): each apply gets a new number, valid while
/// `current`; applies nest (another host's sink), restoring the outer one.
@usableFromInline
package enum ApplyEpoch {
    /// A tuple, not a struct: the user's module reaches it with no initialiser
    /// call. Unchecked: one load or store per access, main queue only (R22).
    @usableFromInline
    @exclusivity(unchecked) nonisolated(unsafe) static var numbers: (current: UInt64, last: UInt64) = (0, 0)

    /// The innermost running apply's number; 0 when none runs.
    @inlinable
    static var current: UInt64 {
        get { numbers.current }
        set { numbers.current = newValue }
    }
    /// The last number given out; numbers are never reused.
    @inlinable
    static var last: UInt64 {
        get { numbers.last }
        set { numbers.last = newValue }
    }

    static func usedAfterApply(_ type: Any.Type, key: String) -> Never {
        fatalError("ApplyContext<\(type)> (node key \"\(MessageExcerpt.of(key))\") was used outside its action's apply(toState:context:) call (after it returned, or inside an apply it started); an ApplyContext is valid only during that call.")
    }
}

extension ApplyContext {
    /// Runs `body` with a context over `workflow`, valid until `body` returns.
    @inlinable
    package static func withContext<Result>(
        workflow: WorkflowType,
        key: String,
        _ body: (ApplyContext<WorkflowType>) -> Result
    ) -> Result {
        withUnsafePointer(to: workflow) { withContext(workflowAt: $0, key: key, body) }
    }
}

/// `ApplyContextBackend`'s name for code using the runtime's `@testable` seam.
typealias ApplyContextType = ApplyContextBackend

extension ApplyContext {
    /// A context over `implementation`, for the `@testable` seam.
    static func make<Implementation: ApplyContextType>(
        implementation: Implementation
    ) -> ApplyContext<WorkflowType> where Implementation.WorkflowType == WorkflowType {
        ApplyContext(backend: implementation)
    }
}
