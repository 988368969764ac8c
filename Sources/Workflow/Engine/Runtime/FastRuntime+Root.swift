// The root and the host: the runtime starts the root, runs every render
// pass (the only code that sets the gate's rendering flag), decides at the
// end of a cascade whether the root renders, and hands the host one
// `CascadeResult`.

extension FastRuntime {
    /// Starts the root of the tree (R6); `renderPass` renders it.
    @inlinable
    func startRoot<W: Workflow>(_ workflow: W, store: NodeStore<W>, key: String, route: RootRoute<W.Output>?) {
        root = startNode(workflow, store: store, key: key, parent: .none, route: route)
    }

    /// Runs `body`, a render pass: a send meanwhile waits for the end of the
    /// cascade, or is a fatal error when its node is rendering (R15).
    /// Memory the nodes that ended no longer need goes back after it.
    @usableFromInline
    func renderPass<Rendering>(_ body: () -> Rendering) -> Rendering {
        renumberPassesIfDue()
        passes.willRender(stackEnd: StackGuard.currentStackEnd())
        gate.isRendering = true
        let rendering = if let renderRecorder { traceRenderPass(body, recorder: renderRecorder) } else { body() }
        gate.isRendering = false
        trimIfDue()
        #if DEBUG
        checkInvariants()
        #endif
        return rendering
    }

    /// The end of a cascade (R18, S3): every cascade publishes once, unless
    /// `renderOnlyIfStateChanged` is on and no state changed. The root
    /// renders first if it is dirty (S1), or always without skipping; else
    /// the host publishes the rendering it has.
    func endCascade() {
        var publishes = !renderOnlyIfStateChanged || cascade.changedState
        if publishes, let renderRoot {
            let renderIsDue = !skipsCleanChildren || nodes[root].needsRender
            #if DEBUG  // fault injection (differential tests): publish only what rendered
            if FaultInjection.publishOnlyAfterRender, !renderIsDue { publishes = false }
            #endif
            if renderIsDue {
                renderRoot()
            }
        }
        cascadeDidEnd(CascadeResult(publishesRendering: publishes))
    }

    /// R19: the root gets a new workflow value, then the tree renders.
    func updateRoot<W: Workflow>(to workflow: W, store: NodeStore<W>) {
        renderRecorder?.passWillBegin(.update)
        defer { renderRecorder?.passDidEnd() }
        update(root, store: store, slot: nodes[root].slot, to: workflow)
        if let renderRoot {
            renderRoot()
        }
    }
}
