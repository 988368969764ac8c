/// Where a node's outputs go: the parent's latest `outputMap`, and the
/// parent to apply the resulting action at (R17). One object per node with
/// an output, made when the node starts; each parent render replaces `map`
/// in place (R7), so re-rendering allocates nothing.
@usableFromInline @MainActor
class OutputRoute<Output> {
    @usableFromInline
    init() {}

    /// Turns `output` into the parent's action and applies it there.
    @usableFromInline
    func deliver(_ output: Output, runtime: FastRuntime) { fatalError("abstract") }
}

@usableFromInline
final class ActionRoute<Output, Action: WorkflowAction>: OutputRoute<Output> {
    @usableFromInline var map: (Output) -> Action
    @usableFromInline let parent: NodeID
    /// The delivery specialised for `Output` and `Action`, made by the init
    /// where both are known: this class's own methods are generic code,
    /// never specialised.
    @usableFromInline let deliverAction: (ActionRoute<Output, Action>, Output, FastRuntime) -> Void

    @inlinable
    init(map: @escaping (Output) -> Action, parent: NodeID) {
        self.map = map
        self.parent = parent
        self.deliverAction = { route, output, runtime in
            runtime.apply(route.map(output), at: route.parent, fromSink: false)
        }
    }

    override func deliver(_ output: Output, runtime: FastRuntime) {
        deliverAction(self, output, runtime)
    }
}

/// The root's route: outputs leave the tree. The host takes the output of
/// a cascade when the cascade ends, after the render pass (R17).
@usableFromInline
final class RootRoute<Output>: OutputRoute<Output> {
    /// The output of the running cascade; at most one, as only one action
    /// runs at the root per cascade. Unchecked: written and taken by the
    /// host's specialised code for every output that reaches it, each
    /// access a store or a take that calls nothing.
    @exclusivity(unchecked) @usableFromInline var pending: Output?

    @usableFromInline
    override init() {}

    override func deliver(_ output: Output, runtime: FastRuntime) {
        pending = output
    }

    /// The cascade's output, if any; none is left behind.
    @inlinable
    func takeOutput() -> Output? {
        defer { pending = nil }
        return pending
    }
}
