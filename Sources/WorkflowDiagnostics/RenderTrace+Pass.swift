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
        /// What started the pass.
        public let trigger: Trigger
        /// The nodes the cascade's action applied at: the sending node first,
        /// then each parent its output reached. Empty for other triggers.
        public let actions: [ActionStep]
        /// Every node the render pass visited, a parent before its children,
        /// in the order they were asked for: the rendered ones and the
        /// skipped ones. Empty when the cascade rendered nothing (S3). For a
        /// pass too large for the trace's `byteLimit` (`isSummarized`): its
        /// slowest renders only, slowest first.
        public let nodes: [NodeVisit]
        /// From the start of the pass to its end: for a cascade, the actions,
        /// the render pass and the host's observers.
        public let duration: Duration
        /// Whether the pass outgrew the trace's `byteLimit` and was kept as
        /// a summary: `renderCount` and `skipCount`, and in `nodes` its
        /// slowest renders (at most 16), with their paths.
        public let isSummarized: Bool
        /// How many nodes rendered; for a pass not summarised, the count of
        /// `rendered`.
        public let renderCount: Int
        /// How many nodes were skipped; for a pass not summarised, the count
        /// of `skipped`.
        public let skipCount: Int

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

        /// A kept pass of `trace`.
        init(decoding header: PassHeader, in trace: RenderTrace, names: inout NodeNames) {
            self.init(trace.decode(header), table: trace.store.pointee.table, names: &names)
        }

        /// A pass waiting to be kept, its events in `events`.
        init(decoding header: PassHeader, events: ContiguousArray<NodeEvent>, in trace: RenderTrace, names: inout NodeNames) {
            self.init(
                DecodedPass(header, summary: trace.store.pointee.summary(of: header)) { events[$0] },
                table: trace.store.pointee.table, names: &names
            )
        }

        init(_ pass: DecodedPass, table: NodeTable, names: inout NodeNames) {
            let header = pass.header
            number = header.number
            host = header.host
            trigger = header.trigger
            actions = pass.actions.map { step in
                ActionStep(
                    actionType: step.actionType,
                    workflowType: table.types[Int(step.entry)],
                    key: table.keys[Int(step.entry)],
                    path: names.path(step.entry, in: table),
                    reachedByOutput: step.reachedByOutput,
                    stateChange: step.stateChange,
                    duration: .nanoseconds(Int64(step.end - step.begin))
                )
            }
            nodes = pass.nodes.map { node in
                NodeVisit(
                    workflowType: table.types[Int(node.entry)], key: table.keys[Int(node.entry)],
                    name: names.nodeName(node.entry, in: table), path: names.path(node.entry, in: table),
                    depth: node.depth, reason: node.reason,
                    inclusiveDuration: .nanoseconds(Int64(node.inclusiveTime)),
                    selfDuration: .nanoseconds(Int64(node.selfTime))
                )
            }
            duration = .nanoseconds(Int64(header.end - header.begin))
            isSummarized = pass.isSummarized
            renderCount = pass.renderCount
            skipCount = pass.skipCount
        }
    }
}
