extension RenderTrace {
    /// A node an action of a cascade applied at (R17).
    public struct ActionStep {
        /// What the action did to the node's state, as render skipping saw
        /// it (S1).
        public enum StateChange: Hashable, Sendable {
            /// Compared with `==`, and different: the node renders.
            case changed
            /// Compared with `==` and equal, or a `Void` state: nothing renders
            /// for it.
            case unchanged
            /// Not compared (not `Equatable`, holds references, or a class):
            /// counts as changed, so the node renders.
            case notCompared
        }

        /// The action's type.
        public let actionType: Any.Type
        /// The node's workflow type and key.
        public let workflowType: Any.Type
        /// The key the node's parent gave it (empty for the root).
        public let key: String
        /// The node's path, as `NodeVisit.path` writes it.
        public let path: String
        /// False for the node whose sink got the action; true for a parent
        /// reached through a child's output.
        public let reachedByOutput: Bool
        /// What the action did to the node's state.
        public let stateChange: StateChange
        /// From the end of the previous step (for the sending node, from the
        /// start of the cascade) to the end of this node's `apply`: the
        /// observers' hooks around it, and for a parent the output map that
        /// reached it, included.
        public let duration: Duration
    }
}
