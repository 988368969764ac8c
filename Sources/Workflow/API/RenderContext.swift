/// The composition point of a render pass: through it a workflow's `render`
/// asks for children, runs side effects and declares sinks.
///
/// Only the runtime makes one, and it is valid only during the `render` call
/// that got it (R5): keep the sinks you make, never the context. Using a
/// context after its `render` returned stops the program with a message
/// naming the workflow type.
///
/// A context is an object, so you may hold it weakly or compare contexts
/// with `===`. The fast runtime recycles a context for a later render of the
/// same workflow type only when nothing but the runtime references it; one
/// you kept stays invalid for good and is never handed out again.
@preconcurrency @MainActor
public final class RenderContext<WorkflowType: Workflow> {
    /// What the context is bound to, in one field. Unchecked: read on every
    /// use of the context during a render, and written only by the runtime's
    /// pool between renders; no access spans a call.
    @exclusivity(unchecked) @usableFromInline
    var binding: RenderContextBinding

    /// The fast runtime rendering the node while the render runs; nil once
    /// it returned, and always for a context driven by a backend. Checking
    /// it is the fast runtime's validity check (R5): a context kept past its
    /// render may outlive the runtime, and then never reads it.
    @inlinable
    var runtime: Unmanaged<FastRuntime>? { binding.runtime }

    /// The node whose `render` got this context (fast runtime only).
    @inlinable
    var node: NodeHandle { binding.node }

    /// Whether the `render` that got this context is still running (R5).
    @inlinable
    var isValid: Bool { binding.isValid }

    /// The node's key, kept once the context outlived its render, so that
    /// R5's message names it without reading the runtime. Cold: set only
    /// for a context that a user kept.
    package var keyAfterRender: String?

    /// Another runtime's node (the reference runtime) or a tester's mock.
    @usableFromInline
    let backend: (any RenderContextBackend<WorkflowType>)?

    @inlinable
    init(runtime: FastRuntime, node: NodeHandle) {
        self.binding = RenderContextBinding(runtime: Unmanaged.passUnretained(runtime), node: node, isValid: true)
        self.backend = nil
    }

    /// A context driven by `backend`: another runtime's node, or a tester.
    /// It is valid until `invalidate()` is called.
    package init(backend: any RenderContextBackend<WorkflowType>) {
        self.binding = RenderContextBinding(runtime: nil, node: NodeHandle(id: .none, generation: 0), isValid: true)
        self.backend = backend
    }

    /// Makes a recycled context valid for a render of `node`: the fast
    /// runtime's pool hands out a context only when nothing else holds it.
    @inlinable
    func revalidate(runtime: FastRuntime, node: NodeHandle) {
        binding = RenderContextBinding(runtime: Unmanaged.passUnretained(runtime), node: node, isValid: true)
    }

    /// A context the user kept past its render remembers its node's key,
    /// for R5's message.
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

    /// R5 for a context that has no runtime (anymore): it traps unless a
    /// backend drives it and was not invalidated. A context checks itself
    /// before it reads anything of a runtime, so one kept past its host
    /// traps cleanly too.
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

    /// Creates or updates the child (type of `workflow`, `key`), renders it if
    /// needed and returns its rendering; `outputMap` turns its outputs into
    /// actions of this workflow.
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

    /// `render` for a backend context, or the trap for an invalid one; out
    /// of line so the fast runtime's path stays small enough to inline.
    @usableFromInline @inline(never)
    func backendRender<Child: Workflow, Action: WorkflowAction>(
        workflow: Child,
        key: String,
        outputMap: @escaping (Child.Output) -> Action
    ) -> Child.Rendering where Action.WorkflowType == WorkflowType {
        checkValid()
        return backend.unsafelyUnwrapped.render(workflow: workflow, key: key, outputMap: outputMap)
    }

    /// The node's sink for actions of `actionType` (R13). A sink stays usable
    /// after the render: send actions to it from your rendering's callbacks.
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

    /// Runs `action` the first time `key` is asked for; later passes that ask
    /// for `key` keep its lifetime, and the first pass that does not ends it
    /// (R11, R12).
    @inlinable
    public func runSideEffect(key: AnyHashable, action: (Lifetime) -> Void) {
        runSideEffect(hashableKey: key, action: action)
    }

    /// `runSideEffect(key:action:)` for a key of a concrete type, which the
    /// runtime keeps without boxing it in an `AnyHashable` when it is an
    /// `Int` or a `String` (the same keys match either way).
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
    /// A sink of events, each turned into an action by `onEvent`, which may
    /// mutate the state and return an output; a view of the node's
    /// `AnyWorkflowAction` sink (R14).
    public func makeSink<Event>(
        of eventType: Event.Type,
        onEvent: @escaping (Event, inout WorkflowType.State) -> WorkflowType.Output?
    ) -> Sink<Event> {
        makeSink(of: AnyWorkflowAction<WorkflowType>.self).contraMap { event in
            AnyWorkflowAction<WorkflowType> { state, _ in onEvent(event, &state) }
        }
    }

    /// Like `makeSink(of:onEvent:)`, for handlers that also read the
    /// workflow's current value through the `ApplyContext`.
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
    /// A context over `implementation`, for code written against the
    /// runtime's `@testable` seam.
    static func make<Implementation: RenderContextType>(
        implementation: Implementation
    ) -> RenderContext<WorkflowType> where Implementation.WorkflowType == WorkflowType {
        RenderContext(backend: implementation)
    }
}
