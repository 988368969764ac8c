// The bookkeeping of one running render, on the `PassStack`.

@usableFromInline
struct RenderFrame {
    @usableFromInline var node: NodeID
    /// The pass its context, sinks, side effects (R5) and children carry.
    @usableFromInline var pass: UInt32
    /// Where this pass's children start on the `asked` stack. While the
    /// pass is `inOrder` they are not pushed: they are the old list.
    @usableFromInline var firstAsked: Int32
    /// Where the next child is looked for first: after the previous hit.
    @usableFromInline var cursor: NodeID
    /// Every child so far followed the previous hit: the old list up to the
    /// cursor. With the cursor off its end, no child to end or relink.
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
