/// Where a node's outputs go: the parent's latest `outputMap`, and the
/// parent to apply the resulting action at (R17). One object per node with
/// an output, made when the node starts; each parent render replaces `map`
/// in place (R7), so re-rendering allocates nothing.
@usableFromInline
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

    @inlinable
    init(map: @escaping (Output) -> Action, parent: NodeID) {
        self.map = map
        self.parent = parent
    }

    @usableFromInline
    override func deliver(_ output: Output, runtime: FastRuntime) {
        runtime.apply(map(output), at: parent, fromSink: false)
    }
}

/// The root's route: outputs leave the tree. The host takes the output of
/// a cascade when the cascade ends, after the render pass (R17).
@usableFromInline
final class RootRoute<Output>: OutputRoute<Output> {
    /// The output of the running cascade; at most one, as only one action
    /// runs at the root per cascade.
    var pending: Output?

    @usableFromInline
    override init() {}

    @usableFromInline
    override func deliver(_ output: Output, runtime: FastRuntime) {
        pending = output
    }

    /// The cascade's output, if any; none is left behind.
    func takeOutput() -> Output? {
        defer { pending = nil }
        return pending
    }
}
