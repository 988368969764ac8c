// Render diagnostics (D1): what the fast runtime tells its render trace
// beyond what `RenderTraceObserver` hears: the order of the children a
// parent asked for, and those it asked for and did not render (skipped, S2),
// when the parent's pass ends; the first render's pass; each action a
// cascade applied. Nodes are known by their session's ID (a traced host
// keeps sessions, as an observed one does). Out of line; a host without a
// trace pays one test per pass of a node with children, and a few per
// cascade.

extension FastRuntime {
    /// `finishPass`'s hook, at its end: the node's children are now the ones
    /// its pass asked for, in that order. Each is recorded with its place;
    /// the ones that did not render inside the node's render were skipped
    /// (S2).
    @inline(never)
    func traceChildren(of node: NodeID) {
        let recorder = renderRecorder.unsafelyUnwrapped
        let parent = traceIdentity(of: node)
        var child = nodes[node].firstChild
        var order = 0
        while !child.isNone {
            let identity = traceIdentity(of: child)
            if recorder.didRender(identity, inside: parent) {
                recorder.childWasAsked(identity, order: order)
            } else {
                recorder.nodeSkipped(
                    anyStore(of: child).takeUnretainedValue().workflowType, key: nodes[keyOf: child],
                    node: identity, order: order
                )
            }
            order += 1
            child = nodes[child].nextSibling
        }
    }

    /// A render pass with a trace: one that no cascade or update opened is
    /// the host's first render, and a pass of its own.
    @inline(never)
    func traceRenderPass<Rendering>(_ body: () -> Rendering, recorder: RenderRecorder) -> Rendering {
        let opensPass = !recorder.isInPass
        if opensPass { recorder.passWillBegin(.firstRender) }
        let rendering = body()
        if opensPass { recorder.passDidEnd() }
        return rendering
    }

    /// An action applied at `node` (R17), for the trace: what it did to the
    /// state (S1) and where the node is. Its step started where the previous
    /// one ended (or the cascade began): the apply pays no clock reading.
    @inline(never)
    func traceAction(
        _ actionType: Any.Type, at node: NodeID, fromSink: Bool, changed: Bool, compared: Bool, recorder: RenderRecorder
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
            actionType, path: path, node: traceIdentity(of: node), reachedByOutput: !fromSink,
            stateChange: !changed ? .unchanged : compared ? .changed : .notCompared
        )
    }

    /// A node's identity in the trace: its session's.
    func traceIdentity(of node: NodeID) -> Int {
        RenderTraceObserver.identity(of: sessions[node.position]!)
    }
}
