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
        numberHost()
    }

    /// A time on the trace's clock, later than every one handed out before.
    package func timestamp() -> UInt64 {
        now()
    }

    /// Keeps a finished pass of host `host` (from `numberNewHost()`), whose
    /// root is a `rootType`, and returns it as its readers see it. The
    /// renders may come in any order: their times nest them. Kept as the
    /// fast runtime's passes are: interned, within the budget.
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
        var events = ContiguousArray<NodeEvent>()
        events.reserveCapacity(2 * actions.count + 2 * renders.count)
        for action in actions {
            let entry = store.pointee.table.intern(path: action.path)
            events.append(NodeEvent(actionType: action.actionType, begin: action.begin))
            events.append(NodeEvent(
                kind: .action, entry: entry,
                reason: ActionFlags.encode(reachedByOutput: action.reachedByOutput, stateChange: action.stateChange),
                time: action.end
            ))
        }
        // Times are distinct (`now()` moves on by at least 2 ns per call): in
        // time order, the begins and ends nest as the renders did.
        var marks: [(time: UInt64, render: Int?)] = []
        marks.reserveCapacity(2 * renders.count)
        for (index, render) in renders.enumerated() {
            marks.append((render.begin, index))
            marks.append((render.end, nil))
        }
        marks.sort { $0.time < $1.time }
        var open: [UInt32] = []
        for mark in marks {
            if let index = mark.render {
                let render = renders[index]
                let entry = store.pointee.table.intern(parent: open.last ?? 0, type: render.workflowType, key: render.key)
                open.append(entry)
                events.append(NodeEvent(kind: .begin, entry: entry, reason: render.reason.rawValue, time: render.begin))
            } else {
                _ = open.popLast()
                events.append(NodeEvent(kind: .end, entry: 0, time: mark.time))
            }
        }
        var header = PassHeader(
            number: 0, host: host, rootType: rootType, trigger: trigger, begin: begin, end: end,
            firstEvent: 0, eventCount: 0
        )
        if events.count > store.pointee.ring.capacity {
            header.summaryID = store.pointee.keep(Self.summary(count: events.count) { events[$0] })
            events = []
        }
        var names = NodeNames()
        if store.pointee.ringWriter != nil {
            store.pointee.pending.append((header, events))
            return Pass(decoding: header, events: events, in: self, names: &names)
        }
        let number = store.pointee.keepCopy(header, events: events)
        guard let kept = store.pointee.header(numbered: number) else {
            return Pass(decoding: header, events: events, in: self, names: &names)
        }
        return Pass(decoding: kept, in: self, names: &names)
    }

    /// A pass's events boiled down, for a pass larger than the budget.
    static func summary(count: Int, event: (Int) -> NodeEvent) -> PassSummary {
        var summary = PassSummary()
        var stack: [(entry: UInt32, reason: RenderReason, begin: UInt64, childTime: UInt64)] = []
        for index in 0..<count {
            let event = event(index)
            switch event.kind {
            case .begin:
                summary.renders += 1
                stack.append((event.entry, event.renderReason, event.time, 0))
            case .end:
                guard let render = stack.popLast() else { continue }
                let inclusive = event.time - render.begin
                if !stack.isEmpty { stack[stack.count - 1].childTime += inclusive }
                summary.add(SummarizedRender(
                    entry: render.entry, reason: render.reason, depth: stack.count, begin: render.begin,
                    end: event.time, selfTime: inclusive - render.childTime
                ))
            case .skip: summary.skips += 1
            case .action: summary.actions += 1
            case .actionBegin: break
            }
        }
        return summary
    }
}
