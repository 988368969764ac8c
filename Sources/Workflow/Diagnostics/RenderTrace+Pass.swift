extension RenderTrace {
    /// One pass of one host: a cascade (the action, the nodes it reached,
    /// then the render pass, if one was due), an `update(workflow:)`, or the
    /// first render.
    public struct Pass {
        /// What started a pass.
        public enum Trigger: Hashable, Sendable {
            /// The host's first render, when it was created.
            case firstRender
            /// A send to a sink: a cascade (R16-R18).
            case action
            /// The host's `update(workflow:)` (R19).
            case update
        }

        /// The pass's number in its trace, from 1.
        public let number: Int
        /// The host's number in its trace, from 1, in the order the hosts
        /// were made.
        public let host: Int
        public let trigger: Trigger
        /// The nodes the cascade's action applied at: the sending node first,
        /// then each parent its output reached. Empty for other triggers.
        public let actions: [ActionStep]
        /// Every node the render pass visited, a parent before its children,
        /// in the order they were asked for: the rendered ones and the
        /// skipped ones. Empty when the cascade rendered nothing (S3).
        public let nodes: [NodeVisit]
        /// From the start of the pass to its end: for a cascade, the actions,
        /// the render pass and the host's observers.
        public let duration: Duration

        /// The nodes that rendered.
        public var rendered: [NodeVisit] { nodes.filter(\.didRender) }

        /// The nodes that were asked for again and skipped.
        public var skipped: [NodeVisit] { nodes.filter { !$0.didRender } }

        /// Every visited node's reason, by its `path` (for example
        /// `"Inbox/Row[42]"`): what a test asserts to pin down which nodes a
        /// cascade re-renders.
        public var reasons: [String: RenderReason] {
            Dictionary(nodes.map { ($0.path, $0.reason) }, uniquingKeysWith: { first, _ in first })
        }

        init(decoding record: RecordedPass) {
            var names = TypeNames()
            self.init(DecodedPass(record, names: &names), names: &names)
        }

        init(_ pass: DecodedPass, names: inout TypeNames) {
            let record = pass.record
            number = record.number
            host = record.host
            trigger = record.trigger
            actions = record.actions.map { step in
                ActionStep(
                    actionType: step.actionType,
                    workflowType: step.path.last?.workflowType ?? Never.self,
                    key: step.path.last?.key ?? "",
                    path: names.path(step.path),
                    reachedByOutput: step.reachedByOutput,
                    stateChange: step.stateChange,
                    duration: .nanoseconds(Int64(step.end - step.begin))
                )
            }
            nodes = pass.nodes.map { node in
                NodeVisit(
                    workflowType: node.workflowType, key: node.key, name: node.name, path: node.path,
                    depth: node.depth, reason: node.reason,
                    inclusiveDuration: .nanoseconds(Int64(node.inclusiveTime)),
                    selfDuration: .nanoseconds(Int64(node.selfTime))
                )
            }
            duration = .nanoseconds(Int64(record.end - record.begin))
        }
    }
}
