// The public protocols' hidden requirements, not for user code: each gives the
// runtime a specialised entry on a hot path, as a witness is compiled where
// the user's type is known (this module's generic code runs unspecialised).

// MARK: - Rendering a child

// `_renderAsChild`, behind `rendered(in:)`, a render pass's hottest call:
// only conformers that are not workflows pay for `asAnyWorkflow()`.

extension AnyWorkflowConvertible {
    @preconcurrency @MainActor @inlinable
    public func _renderAsChild<Parent, Action: WorkflowAction>(
        in context: RenderContext<Parent>,
        key: String,
        outputMap: @escaping (Output) -> Action
    ) -> Rendering where Action.WorkflowType == Parent {
        asAnyWorkflow()._renderAsChild(in: context, key: key, outputMap: outputMap)
    }
}

extension Workflow {
    /// A concrete workflow renders as its own node, specialised for `Self`.
    @preconcurrency @MainActor @inlinable
    public func _renderAsChild<Parent, Action: WorkflowAction>(
        in context: RenderContext<Parent>,
        key: String,
        outputMap: @escaping (Output) -> Action
    ) -> Rendering where Action.WorkflowType == Parent {
        context.render(workflow: self, key: key, outputMap: outputMap)
    }
}

extension AnyWorkflow {
    /// Opens the box: the child node has the wrapped workflow's type (R2).
    @preconcurrency @MainActor @inlinable
    public func _renderAsChild<Parent, Action: WorkflowAction>(
        in context: RenderContext<Parent>,
        key: String,
        outputMap: @escaping (Output) -> Action
    ) -> Rendering where Action.WorkflowType == Parent {
        storage.render(in: context, key: key, outputMap: outputMap)
    }
}

// MARK: - Render skipping's comparisons (S1, S2)

// `==` of two workflow values or states the conformance sees as `Equatable`,
// else `nil` (then `Equality`, found once per type); never asked of a class.

extension Workflow {
    @inlinable
    public static func _renderSkippingEquality(_ lhs: Self, _ rhs: Self) -> Bool? { nil }

    @inlinable
    public static func _renderSkippingStateEquality(_ lhs: State, _ rhs: State) -> Bool? { nil }
}

extension Workflow where Self: Equatable {
    @inlinable
    public static func _renderSkippingEquality(_ lhs: Self, _ rhs: Self) -> Bool? {
        lhs == rhs
    }
}

extension Workflow where State: Equatable {
    @inlinable
    public static func _renderSkippingStateEquality(_ lhs: State, _ rhs: State) -> Bool? {
        lhs == rhs
    }
}

// MARK: - Sending an action (R13)

// A fast-runtime sink sends through this, specialised for the action's type
// (a generic `ActionSinkTarget` never is). `target` is the sink's registration
// (internal, hence `AnyObject`), always of this exact type: the cast is sound.

extension WorkflowAction {
    @MainActor @inlinable
    public static func _sendToFastRuntime(_ action: Self, target: AnyObject) {
        let target = unsafeDowncast(target, to: ActionSinkTarget<Self>.self)
        target.runtime.receive(action, from: target)
    }
}
