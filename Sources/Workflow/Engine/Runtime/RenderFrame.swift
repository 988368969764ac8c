// The bookkeeping of one running render, on the `PassStack`.

@usableFromInline
struct RenderFrame {
    @usableFromInline var node: NodeID
    /// The render's pass number: what its context, sinks and side
    /// effects belong to (R5), and what its children are marked with.
    @usableFromInline var pass: UInt32
    /// Where this pass's children start on the `asked` stack. While the
    /// pass is `inOrder` they are not pushed: they are the old list.
    @usableFromInline var firstAsked: Int32
    /// The previous child where the next child is looked for first: the
    /// one after the previous hit.
    @usableFromInline var cursor: NodeID
    /// Every child so far was the one after the previous hit, so the
    /// children so far are the old list up to the cursor. Once the cursor
    /// has walked off the old list too, the pass asked for exactly the
    /// old children in the old order, and its cleanup has nothing to end
    /// or relink.
    @usableFromInline var inOrder: Bool

    @inlinable
    init(node: NodeID, pass: UInt32, firstAsked: Int32, cursor: NodeID) {
        self.node = node
        self.pass = pass
        self.firstAsked = firstAsked
        self.cursor = cursor
        self.inOrder = true
    }
}
