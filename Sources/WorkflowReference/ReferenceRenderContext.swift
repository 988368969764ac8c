import Workflow

/// The backend of one node's `RenderContext` for one render pass. It collects
/// what the pass asks for (children in order, side-effect keys, sink types);
/// the node compares that with the previous pass once `render` returned.
///
/// A fresh object per pass, invalidated when `render` returns, so a context
/// kept past its pass traps (R5). It keeps the node's key and type apart from
/// the node so that the trap can name them even if the node is gone.
@MainActor
final class ReferenceRenderContext<W: Workflow>: RenderContextBackend {
    typealias WorkflowType = W

    private unowned let node: ReferenceNode<W>
    private let key: String
    private var isValid = true
    /// A child of this node is rendering: the context belongs to an outer
    /// render call, not to the innermost one (R5).
    private var childIsRendering = false

    /// The children asked for in this pass, and in which order.
    private(set) var children: [ReferenceChildKey: AnyReferenceNode] = [:]
    private(set) var childOrder: [ReferenceChildKey] = []

    /// The side-effect keys asked for in this pass, and their lifetimes.
    private var sideEffectKeys: Set<AnyHashable> = []
    private(set) var sideEffectLifetimes: Set<ObjectIdentifier> = []

    /// The action types whose sinks this pass declared.
    private(set) var sinkTypes: Set<ObjectIdentifier> = []

    init(node: ReferenceNode<W>) {
        self.node = node
        self.key = node.key
    }

    /// Ends the pass: any later use of the context traps.
    func invalidate() {
        isValid = false
    }

    private func checkValid() {
        if !isValid || childIsRendering {
            RuntimeErrors.contextUsedOutsideRender(workflowType: W.self, key: key)
        }
    }

    /// Reuses or starts the child (R6, R7, R8), gives it the parent's latest
    /// `outputMap`, and renders it now, depth first (R4).
    func render<Child: Workflow, Action: WorkflowAction>(
        workflow: Child,
        key: String,
        outputMap: @escaping (Child.Output) -> Action
    ) -> Child.Rendering where Action.WorkflowType == W {
        checkValid()
        let childKey = ReferenceChildKey(type: ObjectIdentifier(Child.self), key: key)
        if children[childKey] != nil {
            RuntimeErrors.duplicateChild(childType: Child.self, key: key, parentType: W.self)
        }
        let parent = node
        let outputHandler: (Child.Output, ReferenceCascade) -> Void = { [unowned parent] output, cascade in
            parent.apply(outputMap(output), in: cascade)
        }
        let child: ReferenceNode<Child>
        let traceBegin = parent.runtime.recorder?.now()
        let isNew = parent.previousChild(childKey) == nil
        if let previous = parent.previousChild(childKey) {
            child = previous as! ReferenceNode<Child>
            child.outputHandler = outputHandler
            child.update(to: workflow)
        } else {
            child = ReferenceNode(
                workflow: workflow,
                key: key,
                parent: parent,
                runtime: parent.runtime,
                outputHandler: outputHandler
            )
        }
        children[childKey] = child
        childOrder.append(childKey)
        childIsRendering = true
        defer { childIsRendering = false }
        return child.render(reason: isNew ? .new : .renderSkippingOff, begin: traceBegin)
    }

    /// Declares the node's sink for `Action` (R13) and returns a view of it.
    func makeSink<Action: WorkflowAction>(of actionType: Action.Type) -> Sink<Action>
        where Action.WorkflowType == W
    {
        checkValid()
        sinkTypes.insert(ObjectIdentifier(Action.self))
        return node.sinkRegistration(of: actionType).sink
    }

    /// Asks for the side effect `key` (R11): run now if new, kept otherwise.
    func runSideEffect(key: AnyHashable, action: (Lifetime) -> Void) {
        checkValid()
        // A key not equal to itself is never a duplicate (R11).
        if !sideEffectKeys.insert(key).inserted {
            RuntimeErrors.duplicateSideEffect(workflowType: W.self, key: key)
        }
        let lifetime = node.runSideEffect(key: key, action: action)
        sideEffectLifetimes.insert(ObjectIdentifier(lifetime))
    }
}
