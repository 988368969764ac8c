/// Both runtimes' fatal errors, worded once; each names the type and key.
@usableFromInline
package enum RuntimeErrors {
    /// R8: the same (type, key) asked for twice in one render pass.
    @usableFromInline
    package static func duplicateChild(childType: Any.Type, key: String, parentType: Any.Type) -> Never {
        fatalError("Duplicate child: \(parentType) rendered the child workflow \(childType) with key \"\(MessageExcerpt.of(key))\" twice in one render pass; give each child of one type a unique key.")
    }

    package static func duplicateSideEffect(workflowType: Any.Type, key: AnyHashable) -> Never {
        fatalError("Duplicate side effect: \(workflowType) ran the side effect with key \"\(MessageExcerpt.of(key.base))\" twice in one render pass; give each side effect of one node a unique key.")
    }

    /// At most `limit` workflow types per tree: a node's type takes 16 bits.
    @usableFromInline
    package static func tooManyWorkflowTypes(_ type: Any.Type, limit: Int) -> Never {
        fatalError("A WorkflowHost runs at most \(limit) workflow types in one tree; \(type) would be one more. Share one workflow type among the nodes that differ only in their values.")
    }

    /// R15: a send to a node whose render is running.
    package static func sendDuringRender(actionType: Any.Type, workflowType: Any.Type, key: String) -> Never {
        fatalError("A sink of \(workflowType) (key \"\(MessageExcerpt.of(key))\") received \(actionType) while its node, or one of its children, is in render(state:context:); send to a node's sinks only outside its render (a send from anywhere else during a render pass waits for the cascade to end).")
    }

    /// R5: a render context used outside the render call that got it.
    @usableFromInline
    package static func contextUsedOutsideRender(workflowType: Any.Type, key: String) -> Never {
        fatalError("The RenderContext of \(workflowType) (key \"\(MessageExcerpt.of(key))\") was used outside the render(state:context:) call that got it, or while one of its children rendered. Use a context only in its own render call, never in a child's; make sinks there and keep the sinks, never the context.")
    }

    /// R5: a render context used after its render returned.
    @usableFromInline
    package static func contextUsedAfterRender(workflowType: Any.Type, key: String?) -> Never {
        let node = key.map { " (key \"\(MessageExcerpt.of($0))\")" } ?? ""
        fatalError("RenderContext<\(workflowType)>\(node) was used after the render(state:context:) call that got it returned. A RenderContext is valid only during that call: make sinks with it there and keep the sinks (or the rendering's callbacks), never the context.")
    }

    /// R19 during a render pass.
    package static func updateDuringRender(workflowType: Any.Type) -> Never {
        fatalError("update(workflow:) was called on the host of \(workflowType) while a render pass is in progress; call it from outside render(state:context:), for instance from an action handler or DispatchQueue.main.async.")
    }
}
