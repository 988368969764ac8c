/// What an action can read while it is applied: the node's current workflow
/// value. Valid only inside the `apply(toState:context:)` call that got it.
///
/// The runtimes make one per apply, over the node's workflow value; the
/// testers make theirs over a backend (see `ApplyContextBackend`).
public struct ApplyContext<WorkflowType: Workflow> {
    /// A runtime node's workflow value, borrowed for the apply call; it is
    /// read only while `epoch` says that call is still running. A pointer
    /// rather than a copy keeps the context's layout independent of the
    /// workflow type, so making one costs no metadata look-up even where the
    /// cascade runs unspecialised.
    @usableFromInline let workflow: UnsafePointer<WorkflowType>?
    /// Where a tester's context reads from (an `ApplyContextBackendBox` of
    /// this workflow type); `nil` for a node's context. Typed `AnyObject` for
    /// the same reason: a generic class here costs a metadata look-up per
    /// context.
    @usableFromInline let backend: AnyObject?
    @usableFromInline let key: String
    @usableFromInline let epoch: UInt64

    @inlinable
    init(workflow: UnsafePointer<WorkflowType>, key: String, epoch: UInt64) {
        self.workflow = workflow
        self.backend = nil
        self.key = key
        self.epoch = epoch
    }

    /// A context whose values come from `backend` (the testers). It is not
    /// tied to an apply call: the backend decides what a read does.
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

    /// A backend's read, or the trap for a node context used after its apply
    /// returned. Kept out of line so the runtime's read stays small.
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

/// Holds a tester's backend behind one class reference.
final class ApplyContextBackendBox<WorkflowType: Workflow> {
    let backend: any ApplyContextBackend<WorkflowType>

    init(_ backend: any ApplyContextBackend<WorkflowType>) {
        self.backend = backend
    }
}

/// The seam for apply contexts that are not a runtime node's: the testers
/// answer reads from a workflow value they were given, or report that none
/// was. The runtimes never go through it.
package protocol ApplyContextBackend<WorkflowType> {
    associatedtype WorkflowType: Workflow

    subscript<Value>(workflowValue keyPath: KeyPath<WorkflowType, Value>) -> Value { get }
}

/// The validity of apply contexts: each apply gets a fresh number, and
/// `current` is the number of the innermost apply running, so a context
/// checks itself in O(1) without an object per action. Applies nest (an
/// apply may send to another host's sink, whose cascade applies its own
/// actions): an apply puts back the number it found when it returns, so the
/// outer context is valid again once the inner apply is over.
@usableFromInline
package enum ApplyEpoch {
    /// The innermost running apply's number (0 when none runs) and the
    /// last number given out (numbers are never reused). A tuple of
    /// literals, not a struct: the user's module then reaches it directly,
    /// without a call to its initialiser's accessor. Unchecked: read per use
    /// of an apply context and written per apply, each access one load or
    /// store (R22: the main queue only).
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
    /// Runs `body` with a context that is valid until `body` returns; the
    /// context reads `workflow` in place.
    @inlinable
    package static func withContext<Result>(
        workflow: WorkflowType,
        key: String,
        _ body: (ApplyContext<WorkflowType>) -> Result
    ) -> Result {
        withUnsafePointer(to: workflow) { withContext(workflowAt: $0, key: key, body) }
    }

    /// The same over a workflow value that stays put until `body` returns.
    @inlinable
    package static func withContext<Result>(
        workflowAt workflow: UnsafePointer<WorkflowType>,
        key: String,
        _ body: (ApplyContext<WorkflowType>) -> Result
    ) -> Result {
        let outer = ApplyEpoch.current
        ApplyEpoch.last += 1
        let epoch = ApplyEpoch.last
        ApplyEpoch.current = epoch
        defer { ApplyEpoch.current = outer }
        return body(ApplyContext(workflow: workflow, key: key, epoch: epoch))
    }
}

/// The name code written against the runtime's `@testable` seam uses for
/// `ApplyContextBackend`.
typealias ApplyContextType = ApplyContextBackend

extension ApplyContext {
    /// A context over `implementation`, for code written against the
    /// runtime's `@testable` seam.
    static func make<Implementation: ApplyContextType>(
        implementation: Implementation
    ) -> ApplyContext<WorkflowType> where Implementation.WorkflowType == WorkflowType {
        ApplyContext(backend: implementation)
    }
}
