import Workflow

/// One fast host's writer into a `RenderTrace` (rule D1): it opens a pass
/// per cascade, update or first render, writes the action steps and node
/// events while it runs, and hands the pass to the trace when it ends.
///
/// Each runtime has its own, so that a cascade of another host running
/// inside this host's cascade (an `apply` that sends to it) keeps its own
/// pass. The fast runtime calls it only from code kept out of its render
/// path, and only when the host has a trace (the reference runtime writes
/// its passes through `RenderTrace.keepPass`).
///
/// A node is known by its identity in the runtime (its position, and its
/// generation above bit 32): by position, the recorder keeps the node's
/// entry in the trace's node table and the number of its latest render, so
/// that an event costs an array read, not a lookup by name.
package final class RenderRecorder {
    package let trace: RenderTrace
    /// The trace's store: written per event, read without touching `trace`.
    private let store: UnsafeMutablePointer<TraceStore>
    /// The host's number in the trace, and its root's workflow type.
    let host: Int
    let rootType: Any.Type
    /// Everything that changes, behind a pointer this recorder owns (as the
    /// trace's `TraceStore`): written per event.
    private let state: UnsafeMutablePointer<RecorderState>

    package init(trace: RenderTrace, rootType: Any.Type) {
        self.trace = trace
        store = trace.store
        host = trace.numberHost()
        self.rootType = rootType
        state = .allocate(capacity: 1)
        state.initialize(to: RecorderState())
        trace.store.pointee.recorders[ObjectIdentifier(self)] = Unmanaged.passUnretained(self)
    }

    deinit {
        // A pass cut short (the host released inside it) is kept as it is,
        // and the ring freed for the others.
        if state.pointee.isInPass { passDidEnd() }
        trace.store.pointee.recorders[ObjectIdentifier(self)] = nil
        state.pointee.open.deallocate()
        state.pointee.children.deallocate()
        state.pointee.changedStates.deallocate()
        state.pointee.slots.deallocate()
        state.deinitialize(count: 1)
        state.deallocate()
    }

    /// Whether a pass is open.
    package var isInPass: Bool { state.pointee.isInPass }
    /// What opened the current (or last) pass.
    package var trigger: RenderTrace.Pass.Trigger { state.pointee.trigger }

    /// This host's last finished pass, while the trace keeps it.
    package var lastPass: RenderTrace.Pass? {
        trace.lastPass(ofHost: host)
    }

    /// A timestamp of the trace's clock.
    @inline(__always)
    package func now() -> UInt64 {
        store.pointee.now()
    }

    /// The last timestamp plus 2 ns, without reading the clock.
    @inline(__always)
    private func tick() -> UInt64 {
        store.pointee.lastTime &+= 2
        return store.pointee.lastTime
    }

    // MARK: Passes

    /// Opens a pass. One left open (its host was released in the middle of
    /// a cascade) is kept as it is first. The pass writes into the trace's
    /// ring, unless another pass does already (a cascade of another host
    /// running inside it): then into this recorder's buffer.
    package func passWillBegin(_ trigger: RenderTrace.Pass.Trigger) {
        if state.pointee.isInPass { passDidEnd() }
        state.pointee.isInPass = true
        state.pointee.trigger = trigger
        state.pointee.changedStates.removeAll()
        if state.pointee.summarizing {
            state.pointee.summary = nil
            state.pointee.summarizing = false
        }
        state.pointee.open.removeAll()
        state.pointee.writesRing = store.pointee.ringWriter == nil
        if state.pointee.writesRing {
            store.pointee.ringWriter = ObjectIdentifier(self)
            store.pointee.ring.openPass()
        } else {
            state.pointee.buffer.removeAll(keepingCapacity: true)
        }
        state.pointee.begin = now()
    }

    /// Closes the pass and hands it to the trace.
    package func passDidEnd() {
        guard state.pointee.isInPass else { return }
        let end = now()
        // Renders cut short (the host released by its own code) end with
        // the pass.
        while !state.pointee.open.isEmpty {
            closeRender(at: end)
        }
        state.pointee.isInPass = false
        let header = PassHeader(
            number: 0, host: host, rootType: rootType, trigger: state.pointee.trigger,
            begin: state.pointee.begin, end: end, firstEvent: 0, eventCount: 0,
            summaryID: state.pointee.summarizing ? store.pointee.keep(state.pointee.summary!) : 0
        )
        if state.pointee.writesRing {
            store.pointee.ringWriter = nil
            _ = store.pointee.keepOpenPass(header)
        } else if store.pointee.ringWriter != nil {
            store.pointee.pending.append((header, state.pointee.buffer))
        } else {
            store.pointee.keepCopy(header, events: state.pointee.buffer)
        }
        if state.pointee.summarizing {
            state.pointee.summary = nil
            state.pointee.summarizing = false
        }
        if store.pointee.nodeTableOutgrewCompaction { trace.compactNodeTableIfDue() }
    }

    /// Appends an event to the open pass; a pass that outgrows the budget
    /// is boiled down from here on. Inline only the common case, room in
    /// the ring: the rest would cost every hook its registers.
    @inline(__always)
    private func append(_ event: NodeEvent) {
        if state.pointee.writesRing, !store.pointee.ring.isFull {
            store.pointee.ring.append(event)
        } else {
            appendMakingRoom(event)
        }
    }

    /// `append` when the ring is full, or the pass writes into the buffer.
    @inline(never)
    private func appendMakingRoom(_ event: NodeEvent) {
        if state.pointee.writesRing {
            // Older passes dropped until one that held events is gone (a
            // summarised one holds none); none left: this pass is too large.
            while store.pointee.ring.isFull {
                if store.pointee.ring.used == store.pointee.ring.openCount || !store.pointee.dropOldestPass() {
                    summarize(with: event)
                    return
                }
            }
            store.pointee.ring.append(event)
        } else {
            if state.pointee.buffer.count == store.pointee.ring.capacity {
                summarize(with: event)
                return
            }
            state.pointee.buffer.append(event)
        }
    }

    /// The open pass alone fills the budget: its events so far and `last`,
    /// the one that did not fit, become a summary, and the rest of the pass
    /// is counted into it (the renders still open end later, from `open`,
    /// which has their child times; the ones ended so far lie inside them).
    @inline(never)
    private func summarize(with last: NodeEvent) {
        let count = state.pointee.writesRing ? store.pointee.ring.openCount : state.pointee.buffer.count
        let first = store.pointee.ring.openStart
        let open = state.pointee.open
        let enclosing = (0..<open.count).map { open[$0].begin }
        let summary = if state.pointee.writesRing {
            RenderTrace.summary(count: count + 1, enclosing: enclosing) {
                $0 == count ? last : store.pointee.ring.event($0, from: first)
            }
        } else {
            RenderTrace.summary(count: count + 1, enclosing: enclosing) { $0 == count ? last : state.pointee.buffer[$0] }
        }
        if state.pointee.writesRing {
            store.pointee.ring.discardOpenPass()
        } else {
            state.pointee.buffer.removeAll(keepingCapacity: true)
        }
        state.pointee.summary = summary
        state.pointee.summarizing = true
    }

    // MARK: Actions

    /// An action was applied at `node` (R17). Its step began at `begin`, a
    /// trace time taken before it, or, when nil, where the previous step
    /// ended or the cascade began. `path` gives the node's types and keys
    /// from the root, asked only if the recorder has not seen the node.
    package func actionDidApply(
        _ actionType: Any.Type,
        node: Int,
        path: () -> [(workflowType: Any.Type, key: String)],
        reachedByOutput: Bool,
        stateChange: RenderTrace.ActionStep.StateChange,
        begin: UInt64? = nil
    ) {
        let entry = knownEntry(of: node) ?? remember(node, entry: store.pointee.table.intern(path: path()))
        let start = begin ?? (state.pointee.lastActionEnd > state.pointee.begin ? state.pointee.lastActionEnd : state.pointee.begin)
        let end = now()
        state.pointee.lastActionEnd = end
        if state.pointee.summarizing {
            state.pointee.summary!.actions += 1
        } else {
            let flags = ActionFlags.encode(reachedByOutput: reachedByOutput, stateChange: stateChange)
            if state.pointee.writesRing, store.pointee.ring.contiguousRoom >= 2 {
                // Both events in one run, one test of room.
                let run = store.pointee.ring.headAddress
                run.initialize(to: NodeEvent(actionType: actionType, begin: start))
                (run + 1).initialize(to: NodeEvent(kind: .action, entry: entry, reason: flags, time: end))
                store.pointee.ring.appendWritten(2)
            } else {
                append(NodeEvent(actionType: actionType, begin: start))
                append(NodeEvent(kind: .action, entry: entry, reason: flags, time: end))
            }
        }
        switch stateChange {
        case .changed: state.pointee.changedStates.append(ChangedState(node: node, reason: .stateChanged))
        case .notCompared: state.pointee.changedStates.append(ChangedState(node: node, reason: .stateNotCompared))
        case .unchanged: break
        }
    }

    /// Why `node` needs rendering if an action of this cascade changed its
    /// own state: `.stateChanged` or `.stateNotCompared`; else nil.
    @inline(__always)
    func ownStateChange(of node: Int) -> RenderReason? {
        let changed = state.pointee.changedStates
        for index in 0..<changed.count where changed[index].node == node {
            return changed[index].reason
        }
        return nil
    }

    // MARK: Nodes

    /// The fast runtime's next render is `node`'s, for `reason`; its slice
    /// starts now.
    @inline(__always)
    func expectRender(of node: Int, reason: RenderReason) {
        state.pointee.expectedNode = node
        state.pointee.expectedReason = reason
        state.pointee.expectedBegin = now()
    }

    /// The fast runtime's node render starts: for the reason and since the
    /// time `expectRender` gave, else for `reason`, now. `key` is read only
    /// for a node the recorder has not seen.
    @inline(__always)
    func nodeWillRender(
        _ workflowType: Any.Type, key: () -> String, node: Int, isRoot: Bool, otherwise reason: RenderReason
    ) {
        var reason = reason
        var begin: UInt64 = 0
        if state.pointee.expectedNode == node {
            reason = state.pointee.expectedReason
            // The root's slice starts inside its pass, whenever it was made.
            if !isRoot { begin = state.pointee.expectedBegin }
        }
        state.pointee.expectedNode = -1
        if begin == 0 { begin = now() }
        state.pointee.renderCount &+= 1
        let position = Int(truncatingIfNeeded: UInt32(truncatingIfNeeded: node))
        var entry = position < state.pointee.slots.count ? state.pointee.slots[position].entry : 0
        if entry == 0 {
            let parent = state.pointee.open.isEmpty ? 0 : state.pointee.open[state.pointee.open.count &- 1].entry
            entry = remember(node, entry: store.pointee.table.add(parent: parent, type: workflowType, key: key()))
        }
        state.pointee.slots[position].renderNumber = state.pointee.renderCount
        // Its event is written when it ends.
        state.pointee.open.append(OpenRender(entry: entry, reason: reason, begin: begin))
    }

    /// The render of the node that started last and has not ended is over,
    /// its children included.
    @inline(__always)
    package func nodeDidRender() {
        let end = now()
        guard !state.pointee.open.isEmpty else { return }
        closeRender(at: end)
    }

    /// The innermost open render ends at `end`: its event, or its part of
    /// the summary.
    @inline(__always)
    private func closeRender(at end: UInt64) {
        let render = state.pointee.open.removeLast()
        let inclusive = end &- render.begin
        let depth = state.pointee.open.count
        if depth > 0 {
            state.pointee.open[depth &- 1].childTime &+= inclusive
        }
        if state.pointee.summarizing {
            state.pointee.summary!.renders += 1
            state.pointee.summary!.add(SummarizedRender(
                entry: render.entry, reason: render.reason, depth: depth, begin: render.begin,
                end: end, selfTime: inclusive &- render.childTime
            ))
        } else {
            append(NodeEvent(render: render.entry, reason: render.reason, begin: render.begin, end: end))
        }
    }

    /// A child its parent asked for, `order`-th, was skipped: clean, with
    /// equal props (S2). Recorded as its parent's render ends, at the
    /// trace's last time plus 2 ns: reading the clock would cost more than
    /// the skip, and the instant still lies inside its parent's render.
    /// `workflowType` and `key` are read only for a node not seen before.
    @inline(never)
    func nodeSkipped(_ workflowType: () -> Any.Type, key: () -> String, position: Int, order: Int) {
        if state.pointee.summarizing {
            state.pointee.summary!.skips += 1
            return
        }
        let entry = knownEntry(of: position) ?? remember(position, entry: store.pointee.table.add(
            parent: state.pointee.open.isEmpty ? 0 : state.pointee.open[state.pointee.open.count &- 1].entry,
            type: workflowType(), key: key()
        ))
        append(NodeEvent(
            kind: .skip, entry: entry, reason: RenderReason.cleanWithEqualProps.rawValue,
            order: Int32(truncatingIfNeeded: order), time: tick()
        ))
    }

    /// Room for `count` child positions, which `childrenAsked` reads; the
    /// ones written before are kept.
    @inline(__always)
    func childPositions(count: Int) -> UnsafeMutablePointer<UInt32> {
        state.pointee.children.extend(to: count, with: 0)
        return state.pointee.children.base
    }

    /// A parent's render is ending: of the `count` children it asked for,
    /// whose positions are in `childPositions`, those that did not render
    /// inside its render (their latest render number is not above the
    /// parent's) were skipped, each at its place. The common case, a run of
    /// children seen before while the ring has room up to its end, is
    /// written straight into the ring with the clock in a local (a few
    /// instructions a skip); any other skip goes through `nodeSkipped`.
    @inline(__always)
    func childrenAsked(
        byRenderAt parent: Int, count: Int, workflowType: (UInt32) -> Any.Type, key: (UInt32) -> String
    ) {
        let parentRender = renderNumber(ofPosition: parent)
        let children = state.pointee.children.base
        var index = 0
        while index < count {
            if state.pointee.writesRing, !state.pointee.summarizing {
                let slots = state.pointee.slots
                let run = store.pointee.ring.headAddress
                let runEnd = run + store.pointee.ring.contiguousRoom
                var cursor = run
                var time = store.pointee.lastTime
                while index < count {
                    let position = Int(children[index])
                    let slot = position < slots.count ? slots[position] : RecordedNodeSlot()
                    if slot.renderNumber <= parentRender {
                        if slot.entry == 0 || cursor == runEnd { break }
                        time &+= 2
                        cursor.initialize(to: NodeEvent(
                            kind: .skip, entry: slot.entry, reason: RenderReason.cleanWithEqualProps.rawValue,
                            order: Int32(truncatingIfNeeded: index), time: time
                        ))
                        cursor += 1
                    }
                    index &+= 1
                }
                if cursor != run {
                    store.pointee.ring.appendWritten(cursor - run)
                    store.pointee.lastTime = time
                }
                if index == count { return }
            }
            // A child the run stopped at, or any child of a pass that is not
            // written into the ring as it goes.
            let child = children[index]
            let position = Int(child)
            if renderNumber(ofPosition: position) <= parentRender {
                nodeSkipped({ workflowType(child) }, key: { key(child) }, position: position, order: index)
            }
            index &+= 1
        }
    }

    /// The node ended: its position may be another node's later.
    func forget(_ node: Int) {
        let position = Int(truncatingIfNeeded: UInt32(truncatingIfNeeded: node))
        if position < state.pointee.slots.count {
            state.pointee.slots[position] = RecordedNodeSlot()
        }
    }

    // MARK: Node slots

    @inline(__always)
    private func knownEntry(of node: Int) -> UInt32? {
        let position = Int(truncatingIfNeeded: UInt32(truncatingIfNeeded: node))
        guard position < state.pointee.slots.count else { return nil }
        let entry = state.pointee.slots[position].entry
        return entry == 0 ? nil : entry
    }

    /// The number of the latest render of the node at `position`.
    @inline(__always)
    func renderNumber(ofPosition position: Int) -> UInt64 {
        position < state.pointee.slots.count ? state.pointee.slots[position].renderNumber : 0
    }

    /// Keeps `entry` as `node`'s; the slots grow to its position.
    @inline(never)
    private func remember(_ node: Int, entry: UInt32) -> UInt32 {
        let position = Int(truncatingIfNeeded: UInt32(truncatingIfNeeded: node))
        if position >= state.pointee.slots.count {
            state.pointee.slots.extend(to: max(position + 1, 2 * state.pointee.slots.count), with: RecordedNodeSlot())
        }
        state.pointee.slots[position].entry = entry
        return entry
    }

    // MARK: Node table compaction

    /// The entries the recorder still names: its live nodes' and its open
    /// renders'.
    func usesEntries(_ mark: (UInt32) -> Void) {
        let slots = state.pointee.slots
        for index in 0..<slots.count where slots[index].entry != 0 { mark(slots[index].entry) }
        let open = state.pointee.open
        for index in 0..<open.count { mark(open[index].entry) }
    }

    /// The node table was compacted: every entry it names, renamed.
    func remapEntries(_ remap: [UInt32]) {
        let slots = state.pointee.slots
        for index in 0..<slots.count where slots[index].entry != 0 {
            slots[index].entry = remap[Int(slots[index].entry)]
        }
        let open = state.pointee.open
        for index in 0..<open.count {
            open[index].entry = remap[Int(open[index].entry)]
        }
    }
}

/// A recorder's changing state (`RenderRecorder`).
struct RecorderState {
    var isInPass = false
    var trigger = RenderTrace.Pass.Trigger.firstRender
    var begin: UInt64 = 0
    /// The open pass writes into the trace's ring; else into `buffer`.
    var writesRing = false
    var buffer: ContiguousArray<NodeEvent> = []
    /// Set once the open pass outgrew the budget; `summarizing` says so
    /// without touching the object.
    var summary: PassSummary?
    var summarizing = false
    /// The end of the last action step, where the next one starts.
    var lastActionEnd: UInt64 = 0
    /// The nodes whose own state an action of this cascade changed, with the
    /// reason their render will give.
    var changedStates = RecorderTable<ChangedState>()
    /// The node the runtime said renders next (-1: none), why, and since
    /// when (a new node from before its `makeInitialState`, another from
    /// its update): three plain fields, not an optional tuple to unwrap.
    var expectedNode = -1
    var expectedReason = RenderReason.new
    var expectedBegin: UInt64 = 0
    /// The renders begun and not ended, innermost last.
    var open = RecorderTable<OpenRender>()
    /// By node position: its entry and the number of its latest render (a
    /// child rendered inside its parent's render has a larger one).
    var slots = RecorderTable<RecordedNodeSlot>(capacity: 64)
    /// The positions of the children of the render that ends next, in the
    /// order it asked for them.
    var children = RecorderTable<UInt32>()
    var renderCount: UInt64 = 0
}

struct ChangedState {
    var node: Int
    var reason: RenderReason
}

struct OpenRender {
    var entry: UInt32
    var reason: RenderReason
    var begin: UInt64
    var childTime: UInt64 = 0
}

struct RecordedNodeSlot {
    var renderNumber: UInt64 = 0
    /// 0: not seen yet.
    var entry: UInt32 = 0
}

extension RenderTrace: RenderTraceTarget {
    /// A recorder for a new host whose root is a `rootType`.
    @MainActor
    package func recorder(forHostOf rootType: Any.Type, rendersEveryNode: Bool) -> any RenderTraceRecorder {
        RenderTraceHooks(recorder: RenderRecorder(trace: self, rootType: rootType), rendersEveryNode: rendersEveryNode)
    }
}
