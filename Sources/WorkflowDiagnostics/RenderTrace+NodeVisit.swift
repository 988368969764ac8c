extension RenderTrace {
    /// A node a render pass visited: rendered, with the reason, or skipped.
    public struct NodeVisit {
        /// The node's concrete workflow type (R1, R2).
        public let workflowType: Any.Type
        /// The key its parent asked for it with; `""` for the root.
        public let key: String
        /// `Type[key]`, or `Type` when the key is empty.
        public let name: String
        /// The names from the root down to this node, joined by `/`:
        /// `"Inbox/Section[today]/Row[42]"`.
        public let path: String
        /// 0 for the root, 1 for its children, and so on.
        public let depth: Int
        /// Why it rendered, or `.cleanWithEqualProps` when it was skipped.
        public let reason: RenderReason
        /// Its render, its children's renders included: from before its
        /// `workflowDidChange` (for a new node, its `makeInitialState`) to
        /// the end of its render pass, the observers' completions included.
        /// Zero for a skipped node.
        public let inclusiveDuration: Duration
        /// `inclusiveDuration` less the renders of its children: the node's
        /// own `render`, its cleanup (R9, R12, R13) and the skips it made.
        public let selfDuration: Duration

        /// Whether its `render` ran.
        public var didRender: Bool { reason.didRender }
    }
}
