// Render diagnostics (D1): the runtime's side of its trace hooks. Out of
// line, so that a hook point on a hot path is one test of `trace` and a
// call taken only when it is set: a runtime without a trace reaches none
// of this.

extension FastRuntime {
    /// A render pass with a trace: one that no cascade or update opened is
    /// the host's first render, and a pass of its own.
    @inline(never)
    func traceRenderPass<Rendering>(_ body: () -> Rendering) -> Rendering {
        let opensPass = !hooks { $0.isInPass }
        if opensPass { hooks { $0.passWillBegin(.firstRender) } }
        let rendering = body()
        if opensPass { hooks { $0.passDidEnd() } }
        return rendering
    }

    /// `body` with the trace hooks borrowed, not retained: the runtime holds
    /// them for as long as it lives, so a hook call pays no retain and
    /// release of them.
    @inline(__always)
    private func hooks<T>(_ body: (RenderTraceHooks) -> T) -> T {
        Unmanaged.passUnretained(trace.unsafelyUnwrapped).withGuaranteedRef(body)
    }

    /// `startNode`'s hook, before the node's `makeInitialState`.
    @usableFromInline @inline(never)
    func traceNodeDidStart(_ node: NodeID) {
        hooks { $0.nodeDidStart(handle(node)) }
    }

    /// `renderNode`'s hook, before the node's frame is pushed: with no
    /// frame on the stack, the node is the root.
    @usableFromInline @inline(never)
    func traceNodeWillRender(_ workflowType: Any.Type, node: NodeID) {
        hooks {
            $0.nodeWillRender(
                workflowType, key: tree.nodes[keyOf: node], node: handle(node), isRoot: passes.depth == 0,
                isClean: !tree.nodes[node].needsRender
            )
        }
    }

    /// `renderNode`'s hook at its end, after the observers' completions:
    /// the node's children are now the ones its pass asked for, in that
    /// order (its `finishPass` relinked them), and those that did not render
    /// inside its render were skipped, inside its slice. One call per node
    /// for both.
    @usableFromInline @inline(never)
    func traceNodeDidRender(_ node: NodeID) {
        hooks { trace in
            let first = tree.nodes[node].firstChild
            if !first.isNone {
                trace.childrenAsked(
                    by: node, first: first, next: { tree.nodes[$0].nextSibling },
                    workflowType: { anyStore(of: $0).takeUnretainedValue().workflowType }, key: { tree.nodes[keyOf: $0] }
                )
            }
            trace.nodeDidRender()
        }
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
        hooks {
            $0.nodeDidUpdate(handle(node), isRoot: passes.depth == 0, wasClean: wasClean) {
                wasClean ? store.compareFoundDifferent(old, new) : store.compare(old, new)
            }
        }
    }

    /// `didApply`'s hook: the action, what it did to the state (S1), and
    /// the node's path from the root, walked only if the trace asks. The
    /// path's closure borrows the runtime (the call holds it): captured
    /// strongly, it would cost a retain and a release per action.
    @inline(never)
    func traceAction(_ actionType: Any.Type, at node: NodeID, fromSink: Bool, changed: Bool, compared: Bool) {
        hooks {
            $0.actionDidApply(
                actionType, at: handle(node), path: { [unowned(unsafe) self] in path(of: node) }, reachedByOutput: !fromSink,
                stateChange: !changed ? .unchanged : compared ? .changed : .notCompared
            )
        }
    }

    /// A node's types and keys from the root down.
    private func path(of node: NodeID) -> [(workflowType: Any.Type, key: String)] {
        var depth = 0
        var current = node
        while !current.isNone {
            depth += 1
            current = tree.nodes[current].parent
        }
        var path: [(workflowType: Any.Type, key: String)] = []
        path.reserveCapacity(depth)
        current = node
        while !current.isNone {
            path.append((anyStore(of: current).takeUnretainedValue().workflowType, tree.nodes[keyOf: current]))
            current = tree.nodes[current].parent
        }
        path.reverse()
        return path
    }
}
