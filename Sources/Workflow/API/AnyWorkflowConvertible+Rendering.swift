// Asking for children from a parent's `render`: `rendered(in:)` for children
// with a rendering, `running(in:)` for those without. The default key is "".

extension AnyWorkflowConvertible {
    /// Creates or updates the child of this type and key, renders it if
    /// needed, and returns its rendering. Its outputs are actions of the
    /// parent. Rendering one (type, key) twice in a pass is a fatal error (R8).
    @preconcurrency @MainActor @inlinable
    public func rendered<Parent>(
        in context: RenderContext<Parent>,
        key: String = ""
    ) -> Rendering where Output: WorkflowAction, Output.WorkflowType == Parent {
        _renderAsChild(in: context, key: key, outputMap: { $0 })
    }

    /// Creates or updates the child of this type and key and returns its
    /// rendering; `outputMap` turns its outputs into actions of the parent.
    @preconcurrency @MainActor @inlinable
    public func rendered<Parent, Action: WorkflowAction>(
        in context: RenderContext<Parent>,
        key: String = "",
        outputMap: @escaping (Output) -> Action
    ) -> Rendering where Action.WorkflowType == Parent {
        _renderAsChild(in: context, key: key, outputMap: outputMap)
    }

    /// Creates or updates the child of this type and key and returns its
    /// rendering. Its outputs are type-erased actions of the parent.
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
    /// Runs a child whose rendering is `Void`; `outputMap` turns its outputs
    /// into actions of the parent.
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
    /// Runs a child whose rendering is `Void` and whose outputs are actions of
    /// the parent.
    @preconcurrency @MainActor @inlinable
    public func running<Parent>(
        in context: RenderContext<Parent>,
        key: String = ""
    ) where Output.WorkflowType == Parent {
        _renderAsChild(in: context, key: key, outputMap: { $0 })
    }
}
