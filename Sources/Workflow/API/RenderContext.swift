/// How a workflow's `render` asks for children, side effects and sinks.
///
/// Valid only during its `render` call (R5): keep the sinks, not the context.
@preconcurrency @MainActor
public final class RenderContext<WorkflowType: Workflow> {
    /// Unchecked: written by the pool between renders; no access spans a call.
    @exclusivity(unchecked) @usableFromInline
    var binding: RenderContextBinding

    /// The fast runtime while the render runs, else nil: a kept context may
    /// outlive it, so this is checked before any use of it (R5).
    @inlinable
    var runtime: Unmanaged<FastRuntime>? { binding.runtime }

    /// The node whose `render` got this context (fast runtime only).
    @inlinable
    var node: NodeHandle { binding.node }

    /// Whether the `render` that got this context is still running (R5).
    @inlinable
    var isValid: Bool { binding.isValid }

    /// The key, for R5's message, once a user kept the context.
    package var keyAfterRender: String?

    /// Another runtime's node (the reference runtime) or a tester's mock.
    @usableFromInline
    let backend: (any RenderContextBackend<WorkflowType>)?

    @inlinable
    init(runtime: FastRuntime, node: NodeHandle) {
        self.binding = RenderContextBinding(runtime: Unmanaged.passUnretained(runtime), node: node, isValid: true)
        self.backend = nil
    }

    /// A context driven by `backend`, valid until `invalidate()`.
    package init(backend: any RenderContextBackend<WorkflowType>) {
        self.binding = RenderContextBinding(runtime: nil, node: NodeHandle(id: .none, generation: 0), isValid: true)
        self.backend = backend
    }

    /// Makes a recycled context, which nothing else holds, valid for `node`.
    @inlinable
    func revalidate(runtime: FastRuntime, node: NodeHandle) {
        binding = RenderContextBinding(runtime: Unmanaged.passUnretained(runtime), node: node, isValid: true)
    }

    /// Remembers the node's key for R5's message, in a kept context.
    @usableFromInline
    func keep(key: String) {
        keyAfterRender = key
    }

    /// Ends the render this context belongs to: from now on every use traps.
    @inlinable
    package func invalidate() {
        binding.runtime = nil
        binding.isValid = false
    }

    /// R5 for a context with no runtime: traps unless a backend drives it and
    /// was not invalidated.
    @inlinable @inline(__always)
    func checkValid() {
        if _slowPath(!isValid) {
            usedAfterRender()
        }
    }

    @usableFromInline @inline(never)
    func usedAfterRender() -> Never {
        RuntimeErrors.contextUsedAfterRender(workflowType: WorkflowType.self, key: keyAfterRender)
    }

    /// The child's rendering, made if needed; `outputMap` maps its outputs.
    @inlinable
    func render<Child: Workflow, Action: WorkflowAction>(
        workflow: Child,
        key: String,
        outputMap: @escaping (Child.Output) -> Action
    ) -> Child.Rendering where Action.WorkflowType == WorkflowType {
        if let runtime {
            // The host keeps the runtime alive while a render runs.
            return runtime.withGuaranteedRef {
                $0.renderChild(workflow, key: key, outputMap: outputMap, parent: node, parentType: WorkflowType.self)
            }
        }
        return backendRender(workflow: workflow, key: key, outputMap: outputMap)
    }

    /// A backend's `render` or the trap, out of line so the fast path inlines.
    @usableFromInline @inline(never)
    func backendRender<Child: Workflow, Action: WorkflowAction>(
        workflow: Child,
        key: String,
        outputMap: @escaping (Child.Output) -> Action
    ) -> Child.Rendering where Action.WorkflowType == WorkflowType {
        checkValid()
        return backend.unsafelyUnwrapped.render(workflow: workflow, key: key, outputMap: outputMap)
    }

    /// The node's sink for actions of `actionType`, usable after render (R13).
    @inlinable
    public func makeSink<Action: WorkflowAction>(of actionType: Action.Type) -> Sink<Action>
        where Action.WorkflowType == WorkflowType
    {
        if let runtime {
            return runtime.withGuaranteedRef { $0.makeSink(of: actionType, node: node) }
        }
        return backendMakeSink(of: actionType)
    }

    /// `makeSink` for a backend context, or the trap for an invalid one.
    @usableFromInline @inline(never)
    func backendMakeSink<Action: WorkflowAction>(of actionType: Action.Type) -> Sink<Action>
        where Action.WorkflowType == WorkflowType
    {
        checkValid()
        return backend.unsafelyUnwrapped.makeSink(of: actionType)
    }

    /// Runs `action` when `key` is first asked for; see `Lifetime` (R11, R12).
    @inlinable
    public func runSideEffect(key: AnyHashable, action: (Lifetime) -> Void) {
        runSideEffect(hashableKey: key, action: action)
    }

    /// `runSideEffect(key:action:)` for a key of a concrete type: an `Int` or
    /// `String` is kept unboxed (the same keys match either way).
    @inlinable
    public func runSideEffect<Key: Hashable>(key: Key, action: (Lifetime) -> Void) {
        runSideEffect(hashableKey: key, action: action)
    }

    @inlinable
    func runSideEffect<Key: Hashable>(hashableKey key: Key, action: (Lifetime) -> Void) {
        if let runtime {
            runtime.withGuaranteedRef {
                $0.runSideEffect(key: SideEffectKey(key), node: node, workflowType: WorkflowType.self, action: action)
            }
            return
        }
        checkValid()
        backend.unsafelyUnwrapped.runSideEffect(key: AnyHashable(key), action: action)
    }
}

extension RenderContext {
    /// A sink of events that `onEvent` applies to the state (R14).
    public func makeSink<Event>(
        of eventType: Event.Type,
        onEvent: @escaping (Event, inout WorkflowType.State) -> WorkflowType.Output?
    ) -> Sink<Event> {
        makeSink(of: AnyWorkflowAction<WorkflowType>.self).contraMap { event in
            AnyWorkflowAction<WorkflowType> { state, _ in onEvent(event, &state) }
        }
    }

    /// Like `makeSink(of:onEvent:)`, with the `ApplyContext` for `onEvent`.
    @_disfavoredOverload
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

extension RenderContext {
    /// A context over `implementation`, for the `@testable` seam.
    static func make<Implementation: RenderContextType>(
        implementation: Implementation
    ) -> RenderContext<WorkflowType> where Implementation.WorkflowType == WorkflowType {
        RenderContext(backend: implementation)
    }
}
