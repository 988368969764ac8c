/// An action that advances a workflow: applied to its node's state, it may
/// return an output for the parent.
public protocol WorkflowAction<WorkflowType> {
    /// The workflow whose state this action applies to.
    associatedtype WorkflowType: Workflow

    /// Mutates `state` and returns an output for the parent, or `nil`.
    func apply(
        toState state: inout WorkflowType.State,
        context: ApplyContext<WorkflowType>
    ) -> WorkflowType.Output?

    /// Sends `action` from a sink of the fast runtime (`target` is its
    /// registration) into that runtime. A requirement so that the send runs
    /// specialised for the concrete action type: a sink registration is a
    /// generic class, whose own methods never are. Not for user code: the
    /// default is the only witness.
    static func _sendToFastRuntime(_ action: Self, target: AnyObject)
}

extension WorkflowAction {
    @inlinable
    public static func _sendToFastRuntime(_ action: Self, target: AnyObject) {
        let target = unsafeDowncast(target, to: ActionSinkTarget<Self>.self)
        target.runtime.receive(action, from: target)
    }
}

extension WorkflowAction {
    /// The shape of an action's `apply` as a closure: mutate the state, read
    /// the workflow's current value through the context, return an output for
    /// the parent or `nil`.
    public typealias ActionApplyClosure = (inout WorkflowType.State, ApplyContext<WorkflowType>) -> WorkflowType.Output?
}
