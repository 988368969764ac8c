/// A node's typed values, unboxed in its type's store. A field added here
/// must also be initialised by `NodeStore.allocate(workflow:state:route:)`,
/// which writes a new slot field by field.
@usableFromInline
struct NodeSlot<W: Workflow> {
    @usableFromInline var workflow: W
    @usableFromInline var state: W.State
    /// Nil until the node's first render returned.
    @usableFromInline var rendering: W.Rendering?

    @inlinable
    init(workflow: W, state: W.State) {
        self.workflow = workflow
        self.state = state
        self.rendering = nil
    }
}
