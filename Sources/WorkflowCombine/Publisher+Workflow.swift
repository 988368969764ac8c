#if canImport(Combine)
import Combine
#else
import OpenCombine
#endif
import Workflow

extension Publisher where Failure == Never {
    /// Runs this publisher as a child of the workflow rendering `context`,
    /// under `key`; each value is an action of the parent, applied when it
    /// arrives on the main queue (WK1). The node subscribes once, when it
    /// starts; ending it cancels the subscription (WK3).
    @preconcurrency @MainActor @inlinable
    public func running<Parent>(in context: RenderContext<Parent>, key: String = "") where Output == AnyWorkflowAction<Parent> {
        PublisherWorkflow(publisher: self).running(in: context, key: key)
    }

    /// This publisher as a workflow whose outputs are its values, through
    /// `transform`.
    @inlinable
    public func mapOutput<NewOutput>(_ transform: @escaping (Output) -> NewOutput) -> AnyWorkflow<Void, NewOutput> {
        PublisherWorkflow(publisher: self).mapOutput(transform)
    }

    /// This publisher as a workflow whose outputs are its values.
    @inlinable
    public func asAnyWorkflow() -> AnyWorkflow<Void, Output> {
        AnyWorkflow(PublisherWorkflow(publisher: self))
    }
}
