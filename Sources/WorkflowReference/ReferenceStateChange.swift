import Workflow
import WorkflowDiagnostics

/// S1, read plainly: which states an action's effect is found on by
/// comparing, and what it did.
///
/// - A `Void` state never changes.
/// - A state is compared with `==` when its type is `Equatable`, is not a
///   class, and is a bit copy (holds no references); with
///   `renderOnlyIfStateChanged` on, every `Equatable` state that is not a
///   class is compared. An object changed in place would equal itself, so a
///   class is never compared.
/// - Any other state is not compared: every action counts as a change.
///
/// Only a compared state's old value is kept: keeping any other would make
/// the action's first change in place copy it, and would keep what the
/// action let go of alive until the comparison (R24).
enum ReferenceStateChange {
    /// Whether an action's effect on a `State` is found with `==`.
    static func compares<State>(_ type: State.Type, everyEquatableState: Bool) -> Bool {
        if type == Void.self || type is AnyObject.Type { return false }
        guard type is any Equatable.Type else { return false }
        return everyEquatableState || _isPOD(type)
    }

    /// What an action did to a state, as D1 records it and the host reads
    /// it: `before` is the state's old value when `compares` said so, else
    /// nil.
    static func of<State>(before: State?, after: State) -> RenderTrace.ActionStep.StateChange {
        if State.self == Void.self { return .unchanged }
        guard let before, let equatable = State.self as? any Equatable.Type else { return .notCompared }
        return equatable.referenceEquals(before, after) ? .unchanged : .changed
    }
}

extension Equatable {
    /// `==` on two values known to be of this type.
    fileprivate static func referenceEquals(_ lhs: Any, _ rhs: Any) -> Bool {
        (lhs as! Self) == (rhs as! Self)
    }
}
