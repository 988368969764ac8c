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
        public let key: String
        /// The node's path, as `NodeVisit.path` writes it.
        public let path: String
        /// False for the node whose sink got the action; true for a parent
        /// reached through a child's output.
        public let reachedByOutput: Bool
        public let stateChange: StateChange
        /// The `apply` call, with the observers' hooks around it.
        public let duration: Duration
    }
}
