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
        events.reserveCapacity(2 * actions.count + renders.count)
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
        // time order, the begins and ends nest as the renders did. A render's
        // event is written at its end, as the fast runtime's recorder does.
        var marks: [(time: UInt64, render: Int?)] = []
        marks.reserveCapacity(2 * renders.count)
        for (index, render) in renders.enumerated() {
            marks.append((render.begin, index))
            marks.append((render.end, nil))
        }
        marks.sort { $0.time < $1.time }
        var open: [(entry: UInt32, render: Int)] = []
        for mark in marks {
            if let index = mark.render {
                let render = renders[index]
                let entry = store.pointee.table.intern(parent: open.last?.entry ?? 0, type: render.workflowType, key: render.key)
                open.append((entry, index))
            } else if let (entry, index) = open.popLast() {
                let render = renders[index]
                events.append(NodeEvent(render: entry, reason: render.reason, begin: render.begin, end: mark.time))
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
    /// `enclosing`: the starts of the renders still open, which every
    /// render ended so far lies inside of once it started after them.
    static func summary(count: Int, enclosing: [UInt64] = [], event: (Int) -> NodeEvent) -> PassSummary {
        var summary = PassSummary()
        // Post-order: the renders ended inside a render come just before it.
        var ended: [(render: SummarizedRender, inclusive: UInt64)] = []
        for index in 0..<count {
            let event = event(index)
            switch event.kind {
            case .render:
                summary.renders += 1
                let begin = event.begin
                var childTime: UInt64 = 0
                while let last = ended.last, last.render.begin >= begin {
                    childTime += last.inclusive
                    ended.removeLast()
                }
                let render = SummarizedRender(
                    entry: event.entry, reason: event.renderReason, depth: 0, begin: begin, end: event.time,
                    selfTime: event.time - begin - childTime
                )
                ended.append((render, event.time - begin))
                summary.add(render)
            case .skip: summary.skips += 1
            case .action: summary.actions += 1
            case .actionBegin: break
            }
        }
        // Depths, now that every render's parent is known: the slowest are
        // found again among the renders ended, nested by their times.
        summary.slowest = summary.slowest.map { slow in
            var render = slow
            render.depth = enclosing.count { $0 < slow.begin }
            for index in 0..<count {
                let event = event(index)
                if event.kind == .render, event.begin < slow.begin, event.time > slow.end { render.depth += 1 }
            }
            return render
        }
        return summary
    }
}
