/// The composition point of a render pass: through it a workflow's `render`
/// asks for children, runs side effects and declares sinks.
///
/// Only the runtime makes one, and it is valid only during the `render` call
/// that got it (R5). It is a small value: making one allocates nothing.
public struct RenderContext<WorkflowType: Workflow> {
    /// Which runtime renders this node. The fast runtime is a case of its own
    /// so that its calls stay static and specialisable; other runtimes (the
    /// reference one) sit behind an existential, off the fast path.
    @usableFromInline
    enum Driver {
        case fast(Unmanaged<FastRuntime>, NodeHandle)
        case backend(any RenderContextBackend<WorkflowType>)
    }

    @usableFromInline
    let driver: Driver

    @inlinable
    init(runtime: FastRuntime, node: NodeHandle) {
        self.driver = .fast(Unmanaged.passUnretained(runtime), node)
    }

    /// A context driven by another runtime's node (the reference runtime).
    package init(backend: any RenderContextBackend<WorkflowType>) {
        self.driver = .backend(backend)
    }

    /// Creates or updates the child (type of `workflow`, `key`), renders it if
    /// needed and returns its rendering; `outputMap` turns its outputs into
    /// actions of this workflow.
    @inlinable
    func render<Child: Workflow, Action: WorkflowAction>(
        workflow: Child,
        key: String,
        outputMap: @escaping (Child.Output) -> Action
    ) -> Child.Rendering where Action.WorkflowType == WorkflowType {
        switch driver {
        case let .fast(runtime, node):
            // The host keeps the runtime alive: no retain around the call.
            return runtime._withUnsafeGuaranteedRef {
                $0.renderChild(workflow, key: key, outputMap: outputMap, parent: node, parentType: WorkflowType.self)
            }
        case let .backend(backend):
            return backend.render(workflow: workflow, key: key, outputMap: outputMap)
        }
    }

    /// The node's sink for actions of `actionType` (R13).
    @inlinable
    public func makeSink<Action: WorkflowAction>(of actionType: Action.Type) -> Sink<Action>
        where Action.WorkflowType == WorkflowType
    {
        switch driver {
        case let .fast(runtime, node):
            return runtime._withUnsafeGuaranteedRef { $0.makeSink(of: actionType, node: node) }
        case let .backend(backend):
            return backend.makeSink(of: actionType)
        }
    }

    /// Runs `action` the first time `key` is asked for; later passes that ask
    /// for `key` keep its lifetime, and the first pass that does not ends it
    /// (R11, R12).
    @inlinable
    public func runSideEffect(key: AnyHashable, action: (Lifetime) -> Void) {
        switch driver {
        case let .fast(runtime, node):
            runtime._withUnsafeGuaranteedRef {
                $0.runSideEffect(key: key, node: node, workflowType: WorkflowType.self, action: action)
            }
        case let .backend(backend):
            backend.runSideEffect(key: key, action: action)
        }
    }
}

extension RenderContext {
    /// A sink of events, each turned into an action by `onEvent`; a view of
    /// the node's `AnyWorkflowAction` sink (R14).
    public func makeSink<Event>(
        of eventType: Event.Type,
        onEvent: @escaping (Event, inout WorkflowType.State, ApplyContext<WorkflowType>) -> WorkflowType.Output?
    ) -> Sink<Event> {
        makeSink(of: AnyWorkflowAction<WorkflowType>.self).contraMap { event in
            AnyWorkflowAction<WorkflowType> { state, context in onEvent(event, &state, context) }
        }
    }

    /// A sink whose values are sent as this workflow's output (R14).
    public func makeOutputSink() -> Sink<WorkflowType.Output> {
        makeSink(of: AnyWorkflowAction<WorkflowType>.self).contraMap { AnyWorkflowAction(sendingOutput: $0) }
    }

    /// A sink that mutates this workflow's state (R14).
    public func makeStateMutationSink() -> StateMutationSink<WorkflowType> {
        StateMutationSink(makeSink(of: AnyWorkflowAction<WorkflowType>.self))
    }
}

/// The seam for runtimes other than the fast one: the reference runtime's
/// nodes implement this, and `RenderContext` reaches them through an
/// existential. The fast runtime never goes through it.
@usableFromInline
package protocol RenderContextBackend<WorkflowType>: AnyObject {
    associatedtype WorkflowType: Workflow

    func render<Child: Workflow, Action: WorkflowAction>(
        workflow: Child,
        key: String,
        outputMap: @escaping (Child.Output) -> Action
    ) -> Child.Rendering where Action.WorkflowType == WorkflowType

    func makeSink<Action: WorkflowAction>(of actionType: Action.Type) -> Sink<Action>
        where Action.WorkflowType == WorkflowType

    func runSideEffect(key: AnyHashable, action: (Lifetime) -> Void)
}
