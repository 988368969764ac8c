// The bookkeeping of one running render.

extension FastRuntime {
    @usableFromInline
    struct RenderFrame {
        @usableFromInline var node: Int32
        /// The render's pass number: what its context, sinks and side
        /// effects belong to (R5), and what its children are marked with.
        @usableFromInline var pass: UInt32
        /// Where this pass's children start on the `asked` stack.
        @usableFromInline var firstAsked: Int32
        /// The previous child where the next child is looked for first: the
        /// one after the previous hit (-1: none).
        @usableFromInline var cursor: Int32

        @inlinable
        init(node: Int32, pass: UInt32, firstAsked: Int32, cursor: Int32) {
            self.node = node
            self.pass = pass
            self.firstAsked = firstAsked
            self.cursor = cursor
        }
    }
}
