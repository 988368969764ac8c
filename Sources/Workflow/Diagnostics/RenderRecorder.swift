/// One host's writer into a `RenderTrace` (rule D1): it opens a pass per
/// cascade, update or first render, appends the action steps and node
/// events while it runs, and hands the pass to the trace when it ends.
///
/// Each runtime has its own, so that a cascade of another host running
/// inside this host's cascade (an `apply` that sends to it) keeps its own
/// pass. The fast runtime calls it only from code kept out of its render
/// path, and only when the host has a trace (the reference runtime writes
/// its passes through `RenderTrace.keepPass`).
@usableFromInline
package final class RenderRecorder {
    package let trace: RenderTrace
    /// The host's number in the trace, and its root's workflow type.
    let host: Int
    let rootType: Any.Type

    /// The pass being recorded, if any.
    @exclusivity(unchecked) package private(set) var isInPass = false
    @exclusivity(unchecked) package private(set) var trigger = RenderTrace.Pass.Trigger.firstRender
    @exclusivity(unchecked) private var begin: UInt64 = 0
    @exclusivity(unchecked) private var events: ContiguousArray<NodeEvent> = []
    @exclusivity(unchecked) private var actions: [RecordedAction] = []
    /// The nodes whose own state an action of this cascade changed, with the
    /// reason their render will give.
    @exclusivity(unchecked) private var changedStates: [(node: Int, reason: RenderReason)] = []
    /// This host's last finished pass.
    @exclusivity(unchecked) private var last: RecordedPass?
    /// The node the runtime said renders next, why, and since when (a new
    /// node from before its `makeInitialState`, another from its update).
    @exclusivity(unchecked) private var expected: (node: Int, reason: RenderReason, begin: UInt64)?
    /// By node, the number of the node's latest render: a child rendered
    /// inside its parent's render has a larger one.
    @exclusivity(unchecked) private var renderNumbers: [Int: UInt64] = [:]
    @exclusivity(unchecked) private var renderCount: UInt64 = 0

    package init(trace: RenderTrace, rootType: Any.Type) {
        trace.hostCount += 1
        self.trace = trace
        self.host = trace.hostCount
        self.rootType = rootType
    }

    /// This host's last finished pass.
    package var lastPass: RenderTrace.Pass? {
        last.map(RenderTrace.Pass.init(decoding:))
    }

    /// A timestamp of the trace's clock.
    package func now() -> UInt64 {
        trace.now()
    }

    /// Opens a pass. One left open (its host was released in the middle of
    /// a cascade) is kept as it is first.
    package func passWillBegin(_ trigger: RenderTrace.Pass.Trigger) {
        if isInPass { passDidEnd() }
        isInPass = true
        self.trigger = trigger
        changedStates.removeAll(keepingCapacity: true)
        begin = trace.now()
    }

    /// Closes the pass and hands it to the trace.
    package func passDidEnd() {
        guard isInPass else { return }
        isInPass = false
        trace.passCount += 1
        // Copied at their size: the buffers keep their capacity for the
        // next pass, and a kept pass holds no more than it needs.
        let pass = RecordedPass(
            number: trace.passCount, host: host, rootType: rootType, trigger: trigger,
            begin: begin, end: trace.now(), actions: exactCopy(actions), events: exactCopy(events)
        )
        trace.keep(pass)
        last = pass
        events.removeAll(keepingCapacity: true)
        actions.removeAll(keepingCapacity: true)
    }

    /// An action was applied at `node` (R17). Its step began at `begin`, a
    /// trace time taken before it, or, when nil, where the previous step
    /// ended or the cascade began.
    package func actionDidApply(
        _ actionType: Any.Type,
        path: [(workflowType: Any.Type, key: String)],
        node: Int,
        reachedByOutput: Bool,
        stateChange: RenderTrace.ActionStep.StateChange,
        begin: UInt64? = nil
    ) {
        actions.append(RecordedAction(
            actionType: actionType, path: path, node: node, reachedByOutput: reachedByOutput,
            stateChange: stateChange, begin: begin ?? actions.last?.end ?? self.begin, end: trace.now()
        ))
        switch stateChange {
        case .changed: changedStates.append((node, .stateChanged))
        case .notCompared: changedStates.append((node, .stateNotCompared))
        case .unchanged: break
        }
    }

    /// Why `node` needs rendering if an action of this cascade changed its
    /// own state: `.stateChanged` or `.stateNotCompared`; else nil.
    func ownStateChange(of node: Int) -> RenderReason? {
        changedStates.first { $0.node == node }?.reason
    }

    /// The fast runtime's next render is `node`'s, for `reason`; its slice
    /// starts now.
    func expectRender(of node: Int, reason: RenderReason) {
        expected = (node, reason, trace.now())
    }

    /// The fast runtime's node render starts: for the reason and since the
    /// time `expectRender` gave, else for `reason`, now.
    func nodeWillRender(_ workflowType: Any.Type, key: String, node: Int, isRoot: Bool, otherwise reason: RenderReason) {
        var reason = reason
        var begin: UInt64?
        if let expected, expected.node == node {
            reason = expected.reason
            // The root's slice starts inside its pass, whenever it was made.
            if !isRoot { begin = expected.begin }
        }
        expected = nil
        renderCount += 1
        renderNumbers[node] = renderCount
        events.append(NodeEvent(
            kind: .begin, reason: reason, order: 0, node: node, workflowType: workflowType, key: key,
            time: begin ?? trace.now()
        ))
    }

    /// A child that rendered inside its parent's render was the `order`-th
    /// its parent asked for (recorded when the parent's pass ends).
    func childWasAsked(_ node: Int, order: Int) {
        events.append(NodeEvent(
            kind: .order, reason: .new, order: Int32(truncatingIfNeeded: order), node: node, workflowType: nil, key: "",
            time: trace.tick()
        ))
    }

    /// Whether `child` rendered after `parent`'s render started: inside it.
    func didRender(_ child: Int, inside parent: Int) -> Bool {
        (renderNumbers[child] ?? 0) > (renderNumbers[parent] ?? 0)
    }

    /// The node ended: its identity may be another node's later.
    func forget(_ node: Int) {
        renderNumbers[node] = nil
    }

    /// The render of the node that started last and has not ended is over,
    /// its children included.
    package func nodeDidRender() {
        events.append(NodeEvent(kind: .end, reason: .new, order: 0, node: 0, workflowType: nil, key: "", time: trace.now()))
    }

    /// A child its parent asked for, `order`-th, was skipped: clean, with
    /// equal props (S2). Recorded when the parent's pass ends, at the
    /// trace's last time plus 2 ns: reading the clock would cost more than
    /// the skip, and the instant still lies inside its parent's render.
    func nodeSkipped(_ workflowType: Any.Type, key: String, node: Int, order: Int) {
        events.append(NodeEvent(
            kind: .skip, reason: .cleanWithEqualProps, order: Int32(truncatingIfNeeded: order), node: node,
            workflowType: workflowType, key: key, time: trace.tick()
        ))
    }

    /// A copy in storage of its own, no larger than the elements need.
    private func exactCopy<C: RangeReplaceableCollection>(_ elements: C) -> C {
        var copy = C()
        copy.reserveCapacity(elements.count)
        copy.append(contentsOf: elements)
        return copy
    }
}

extension RenderRecorder {
    /// A recorder for a new host whose root is a `Root`: into `trace`, else
    /// into the configuration's trace, else none.
    @usableFromInline
    package static func forHost<Root>(of root: Root.Type, trace: RenderTrace?) -> RenderRecorder? {
        guard let trace = trace ?? Runtime.configuration.renderTrace else { return nil }
        return RenderRecorder(trace: trace, rootType: root)
    }
}
