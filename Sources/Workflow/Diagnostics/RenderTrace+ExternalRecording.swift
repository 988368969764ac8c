// How a runtime outside this module (the reference runtime) writes into a
// `RenderTrace`: it numbers its host, reads the trace's clock, and hands over
// each finished pass as plain values. The trace keeps the pass as it keeps
// the fast runtime's, so every reader (`passes`, the Chrome export, the
// summary) sees both runtimes' passes alike (D1).

extension RenderTrace {
    /// A node an action of a pass applied at, as another runtime saw it.
    package struct AppliedAction {
        package var actionType: Any.Type
        package var path: [(workflowType: Any.Type, key: String)]
        package var node: Int
        package var reachedByOutput: Bool
        package var stateChange: ActionStep.StateChange
        package var begin: UInt64
        package var end: UInt64

        /// `path` runs from the root down to the node; `node` is the node's
        /// identity in its runtime; `begin` and `end` are times of `now()`.
        package init(
            actionType: Any.Type,
            path: [(workflowType: Any.Type, key: String)],
            node: Int,
            reachedByOutput: Bool,
            stateChange: ActionStep.StateChange,
            begin: UInt64,
            end: UInt64
        ) {
            self.actionType = actionType
            self.path = path
            self.node = node
            self.reachedByOutput = reachedByOutput
            self.stateChange = stateChange
            self.begin = begin
            self.end = end
        }
    }

    /// A node's render in a pass, as another runtime saw it: from `begin` to
    /// `end` (times of `now()`), its children's renders inside that span.
    package struct NodeRender {
        package var workflowType: Any.Type
        package var key: String
        package var node: Int
        package var reason: RenderReason
        package var begin: UInt64
        package var end: UInt64

        package init(workflowType: Any.Type, key: String, node: Int, reason: RenderReason, begin: UInt64, end: UInt64) {
            self.workflowType = workflowType
            self.key = key
            self.node = node
            self.reason = reason
            self.begin = begin
            self.end = end
        }
    }

    /// A number for a new host writing into this trace, from 1.
    package func numberNewHost() -> Int {
        hostCount += 1
        return hostCount
    }

    /// A time on the trace's clock, later than every one handed out before.
    package func timestamp() -> UInt64 {
        now()
    }

    /// Keeps a finished pass of host `host` (from `numberNewHost()`), whose
    /// root is a `rootType`, and returns it as its readers see it. The
    /// renders may come in any order: their times nest them.
    @discardableResult
    package func keepPass(
        host: Int,
        rootType: Any.Type,
        trigger: Pass.Trigger,
        begin: UInt64,
        end: UInt64,
        actions: [AppliedAction],
        renders: [NodeRender]
    ) -> Pass {
        var events: [NodeEvent] = []
        events.reserveCapacity(renders.count * 2)
        for render in renders {
            events.append(NodeEvent(
                kind: .begin, reason: render.reason, order: 0, node: render.node,
                workflowType: render.workflowType, key: render.key, time: render.begin
            ))
            events.append(NodeEvent(
                kind: .end, reason: .new, order: 0, node: 0, workflowType: nil, key: "", time: render.end
            ))
        }
        // Times are distinct (`now()` moves on by at least 2 ns per call): in
        // time order, the begins and ends nest as the renders did.
        events.sort { $0.time < $1.time }
        passCount += 1
        let pass = RecordedPass(
            number: passCount, host: host, rootType: rootType, trigger: trigger, begin: begin, end: end,
            actions: actions.map {
                RecordedAction(
                    actionType: $0.actionType, path: $0.path, node: $0.node, reachedByOutput: $0.reachedByOutput,
                    stateChange: $0.stateChange, begin: $0.begin, end: $0.end
                )
            },
            events: ContiguousArray(events)
        )
        keep(pass)
        return Pass(decoding: pass)
    }
}
