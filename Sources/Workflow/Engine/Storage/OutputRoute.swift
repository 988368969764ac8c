/// Where a node's outputs go: the parent's latest `outputMap`, applied at the
/// parent (R17). One per node with an output; each parent render replaces
/// `map` in place (R7), so re-rendering allocates nothing.
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
    /// Delivery specialised where both types are known: this class's own
    /// methods are generic code, never specialised.
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
    /// The cascade's output (one root action per cascade). Unchecked: each
    /// access is a store or a take that calls nothing.
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
