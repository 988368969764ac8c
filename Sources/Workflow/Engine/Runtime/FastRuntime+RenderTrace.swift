// Render diagnostics (D1): the fast runtime's paths when its host has a
// render trace. Off, the render path pays one test of `renderRecorder` per
// node it renders and nothing per node it skips (`canSkip` reads
// `skipsUntraced`); on, every child that is not new comes here, which
// makes the skip decision itself and records its reason. All of it is kept
// out of line.

extension FastRuntime {
    /// A child the parent did not have before (R6), traced: one slice from
    /// before `makeInitialState` to the end of its first render.
    @inlinable @inline(never)
    func startChildTraced<Child: Workflow>(
        _ workflow: Child,
        store: NodeStore<Child>,
        key: String,
        parent: NodeID,
        route: OutputRoute<Child.Output>?,
        pass: UInt32,
        recorder: RenderRecorder
    ) -> Child.Rendering {
        let begin = recorder.now()
        let node = startNode(workflow, store: store, key: key, parent: parent, route: route)
        nodes[node].seenInPass = pass
        asked.push(node)
        recorder.nodeWillRender(Child.self, key: key, node: node.position, reason: .new, begin: begin)
        let rendering = renderNode(node, store: store)
        recorder.nodeDidRender(node.position)
        return rendering
    }

    /// A child the parent had before, traced: skipped exactly when `canSkip`
    /// would skip it (S2), else updated (R7) and rendered, with the reason.
    @inlinable @inline(never)
    func renderChildTraced<Child: Workflow>(
        _ child: NodeID,
        store: NodeStore<Child>,
        slot: StoreSlot,
        key: String,
        workflow: Child,
        recorder: RenderRecorder
    ) -> Child.Rendering {
        let reason: RenderReason
        if !skipsCleanChildren {
            reason = .renderSkippingOff
        } else if nodes[child].needsRender, let own = recorder.ownStateChange(of: child.position) {
            // Only a node marked dirty can have had its own state changed.
            reason = own
        } else {
            switch store.propsComparison(store[slot].workflow, workflow) {
            case .notComparable: reason = .propsNotEquatable
            case .changed: reason = .propsChanged
            case .equal:
                guard nodes[child].needsRender else {
                    recorder.nodeSkipped(Child.self, key: key, node: child.position)
                    return store[slot].rendering!
                }
                reason = .descendantChanged
            }
        }
        let begin = recorder.now()
        update(child, store: store, slot: slot, to: workflow)
        recorder.nodeWillRender(Child.self, key: key, node: child.position, reason: reason, begin: begin)
        let rendering = renderNode(child, store: store)
        recorder.nodeDidRender(child.position)
        return rendering
    }

    /// The root's render in a render pass, traced. A render pass that no
    /// cascade or update opened is the host's first render, and a pass of
    /// its own.
    @inline(never)
    func renderRootTraced<Rendering>(_ body: () -> Rendering, recorder: RenderRecorder) -> Rendering {
        let opensPass = !recorder.isInPass
        if opensPass { recorder.passWillBegin(.firstRender) }
        let reason: RenderReason = switch recorder.trigger {
        case .firstRender: .new
        case .update: .hostUpdate
        case .action:
            !skipsCleanChildren ? .renderSkippingOff : recorder.ownStateChange(of: root.position) ?? .descendantChanged
        }
        let type = anyStore(of: root).takeUnretainedValue().workflowType
        recorder.nodeWillRender(type, key: nodes[keyOf: root], node: root.position, reason: reason, begin: recorder.now())
        let rendering = body()
        recorder.nodeDidRender(root.position)
        if opensPass { recorder.passDidEnd() }
        return rendering
    }

    /// An action applied at `node` (R17), for the trace: what it did to the
    /// state (S1) and where the node is.
    @usableFromInline @inline(never)
    func traceAction(
        _ actionType: Any.Type, at node: NodeID, fromSink: Bool, changed: Bool, compared: Bool, begin: UInt64,
        recorder: RenderRecorder
    ) {
        var depth = 0
        var current = node
        while !current.isNone {
            depth += 1
            current = nodes[current].parent
        }
        var path: [(workflowType: Any.Type, key: String)] = []
        path.reserveCapacity(depth)
        current = node
        while !current.isNone {
            path.append((anyStore(of: current).takeUnretainedValue().workflowType, nodes[keyOf: current]))
            current = nodes[current].parent
        }
        path.reverse()
        recorder.actionDidApply(
            actionType, path: path, node: node.position, reachedByOutput: !fromSink,
            stateChange: !changed ? .unchanged : compared ? .changed : .notCompared, begin: begin
        )
    }
}
