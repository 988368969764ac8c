extension AnyWorkflowConvertible {
    /// Renders the child of this type and key; twice in a pass traps (R8).
    @preconcurrency @MainActor @inlinable
    public func rendered<Parent>(
        in context: RenderContext<Parent>,
        key: String = ""
    ) -> Rendering where Output: WorkflowAction, Output.WorkflowType == Parent {
        _renderAsChild(in: context, key: key, outputMap: { $0 })
    }

    /// Renders the child; `outputMap` makes its outputs the parent's actions.
    @preconcurrency @MainActor @inlinable
    public func rendered<Parent, Action: WorkflowAction>(
        in context: RenderContext<Parent>,
        key: String = "",
        outputMap: @escaping (Output) -> Action
    ) -> Rendering where Action.WorkflowType == Parent {
        _renderAsChild(in: context, key: key, outputMap: outputMap)
    }

    /// Renders the child, whose outputs are type-erased actions of the parent.
    @preconcurrency @MainActor @inlinable
    public func rendered<Parent>(
        in context: RenderContext<Parent>,
        key: String = ""
    ) -> Rendering where Output == AnyWorkflowAction<Parent> {
        _renderAsChild(in: context, key: key, outputMap: { $0 })
    }
}

extension AnyWorkflowConvertible where Output == Never {
    /// Creates or updates a child that has no output, under any parent.
    @preconcurrency @MainActor @inlinable
    public func rendered<T>(in context: RenderContext<T>, key: String = "") -> Rendering {
        _renderAsChild(in: context, key: key, outputMap: { _ -> AnyWorkflowAction<T> in })
    }
}

extension AnyWorkflowConvertible where Rendering == Void {
    /// Runs a child rendering `Void`; `outputMap` maps its outputs to actions.
    @preconcurrency @MainActor @inlinable
    public func running<Parent, Action: WorkflowAction>(
        in context: RenderContext<Parent>,
        key: String = "",
        outputMap: @escaping (Output) -> Action
    ) where Action.WorkflowType == Parent {
        _renderAsChild(in: context, key: key, outputMap: outputMap)
    }
}

extension AnyWorkflowConvertible where Rendering == Void, Output: WorkflowAction {
    /// Runs a child rendering `Void` whose outputs are the parent's actions.
    @preconcurrency @MainActor @inlinable
    public func running<Parent>(
        in context: RenderContext<Parent>,
        key: String = ""
    ) where Output.WorkflowType == Parent {
        _renderAsChild(in: context, key: key, outputMap: { $0 })
    }
}
