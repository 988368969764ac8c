// Render diagnostics (D1): the runtime's side of the trace seam
// (`RenderTracing`). Out of line, so that a hook point on a hot path is one
// test of `isTraced` and a call taken only when it is set: a runtime
// without a trace reaches none of this.

extension FastRuntime {
    /// A render pass with a trace: one that no cascade or update opened is
    /// the host's first render, and a pass of its own.
    @inline(never)
    func traceRenderPass<Rendering>(_ body: () -> Rendering) -> Rendering {
        let opensPass = !trace.isInPass
        if opensPass { trace.passWillBegin(.firstRender) }
        let rendering = body()
        if opensPass { trace.passDidEnd() }
        return rendering
    }

    /// A node's name in the trace: unique among the live nodes, and a node
    /// that reuses a position has another generation.
    @inline(__always)
    func traceIdentity(of node: NodeID) -> Int {
        Int(node.position) | Int(tree.nodes[node].generation) << 32
    }

    /// `startNode`'s hook, before the node's `makeInitialState`.
    @usableFromInline @inline(never)
    func traceNodeDidStart(_ node: NodeID) {
        trace.nodeDidStart(traceIdentity(of: node))
    }

    /// `renderNode`'s hook, before the node's frame is pushed: with no
    /// frame on the stack, the node is the root.
    @usableFromInline @inline(never)
    func traceNodeWillRender(_ workflowType: Any.Type, node: NodeID) {
        trace.nodeWillRender(
            workflowType, node: traceIdentity(of: node), isRoot: passes.depth == 0,
            isClean: !tree.nodes[node].needsRender
        )
    }

    /// `renderNode`'s hook at its end, after the observers' completions:
    /// the node's children are now the ones its pass asked for, in that
    /// order (its `finishPass` relinked them), and those that did not render
    /// inside its render were skipped, inside its slice. The children go
    /// over as positions in the recorder's buffer: a list walked here, so
    /// that the recorder calls no closure per child.
    @usableFromInline @inline(never)
    func traceNodeDidRender(_ node: NodeID) {
        var count = 0
        var room = traceChildRoom
        var child = tree.nodes[node].firstChild
        while !child.isNone {
            if count == room.count {
                let grown = max(16, 2 * room.count)
                room = UnsafeMutableBufferPointer(start: trace.childPositions(count: grown), count: grown)
                traceChildRoom = room
            }
            room[count] = UInt32(truncatingIfNeeded: child.rawValue)
            count &+= 1
            child = tree.nodes[child].nextSibling
        }
        trace.nodeDidRender(parentPosition: node.position, childCount: count)
    }

    /// `update`'s hook: `node` got `new` in place of `old` and renders next.
    /// A node still clean here was not skipped although its S2 test ran:
    /// its values differ, and only whether its type compares at all is left
    /// to find out (no second `==` per changed child). A clean node of a
    /// type that compares is left to `traceNodeWillRender`, which finds it
    /// clean and gives it `.propsChanged`: the commonest update of a traced
    /// pass pays this test and nothing more.
    @usableFromInline @inline(never)
    func traceUpdate<W: Workflow>(of node: NodeID, store: NodeStore<W>, from old: W, to new: W) {
        let wasClean = !tree.nodes[node].needsRender
        if wasClean, !store.workflowIsClass, store.workflowEquality != nil { return }
        trace.nodeDidUpdate(traceIdentity(of: node), isRoot: passes.depth == 0, wasClean: wasClean) {
            wasClean ? store.compareFoundDifferent(old, new) : store.compare(old, new)
        }
    }

    /// `didApply`'s hook: the action, and what it did to the state (S1).
    @inline(never)
    func traceAction(_ actionType: Any.Type, at node: NodeID, fromSink: Bool, changed: Bool, compared: Bool) {
        trace.actionDidApply(
            actionType, at: traceIdentity(of: node), reachedByOutput: !fromSink,
            stateChange: !changed ? .unchanged : compared ? .changed : .notCompared
        )
    }
}

// What the trace asks about a node it has not seen.
extension FastRuntime: RenderTraceNodeNames {
    func workflowType(atPosition position: Int) -> Any.Type {
        anyStore(of: NodeID(position: position)).takeUnretainedValue().workflowType
    }

    func key(atPosition position: Int) -> String {
        tree.nodes[keyOf: NodeID(position: position)]
    }

    func path(atPosition position: Int) -> [(workflowType: Any.Type, key: String)] {
        var depth = 0
        var current = NodeID(position: position)
        while !current.isNone {
            depth += 1
            current = tree.nodes[current].parent
        }
        var path: [(workflowType: Any.Type, key: String)] = []
        path.reserveCapacity(depth)
        current = NodeID(position: position)
        while !current.isNone {
            path.append((anyStore(of: current).takeUnretainedValue().workflowType, tree.nodes[keyOf: current]))
            current = tree.nodes[current].parent
        }
        path.reverse()
        return path
    }
}
