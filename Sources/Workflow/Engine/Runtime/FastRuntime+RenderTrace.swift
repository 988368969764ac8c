// Render diagnostics (D1): the fast runtime's render path when its host has
// a render trace. Off, the render path pays one test of `renderRecorder` per
// child asked for, in `renderChild`, whose store-level half is untouched (so
// it is specialised and inlined as before). On, every child asked for comes
// here: the same steps as that half, the skip decision included (S2), with
// the reason of every render and skip recorded. Out of line.

extension FastRuntime {
    /// `renderChild(_:store:key:outputMap:parent:pass:parentType:)`, traced:
    /// the same steps in the same order. A new child's slice covers its
    /// `makeInitialState` and first render; another's, its
    /// `workflowDidChange` and render.
    @inlinable @inline(never)
    func renderChildTraced<Parent: Workflow, Child: Workflow, Action: WorkflowAction>(
        _ workflow: Child,
        key: String,
        outputMap: @escaping (Child.Output) -> Action,
        parent p: NodeID,
        pass: UInt32,
        parentType: Parent.Type
    ) -> Child.Rendering where Action.WorkflowType == Parent {
        let recorder = renderRecorder.unsafelyUnwrapped
        let store = store(for: Child.self)
        let child = findChild(parent: p, typeIndex: store.typeIndex, key: key)

        guard !child.isNone else {
            let begin = recorder.now()
            let route: OutputRoute<Child.Output>? =
                Child.Output.self == Never.self ? nil : ActionRoute(map: outputMap, parent: p)
            let node = startNode(workflow, store: store, key: key, parent: p, route: route)
            nodes[node].seenInPass = pass
            asked.push(node)
            recorder.nodeWillRender(Child.self, key: key, node: node.position, reason: .new, begin: begin)
            let rendering = renderNode(node, store: store)
            recorder.nodeDidRender(node.position)
            return rendering
        }

        if nodes[child].seenInPass == pass {
            RuntimeErrors.duplicateChild(childType: Child.self, key: key, parentType: Parent.self)
        }
        nodes[child].seenInPass = pass
        asked.push(child)

        let slot = nodes[child].slot
        if Child.Output.self != Never.self {
            updateRoute(of: store, slot: slot, outputMap: outputMap, parent: p)
        }
        // S2, as `canSkip` decides it, with the reason kept.
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
