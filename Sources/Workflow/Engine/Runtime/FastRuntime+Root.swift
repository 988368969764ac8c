// The root and the host: the runtime starts the tree, runs every render
// pass (the only code that sets the gate's rendering flag), decides at the
// end of a cascade whether the root renders, and hands its port one
// `CascadeResult`. The root's rendering lives in its slot, nowhere else.

extension FastRuntime {
    /// Starts the tree for `port`, which owns this runtime: its root (R6),
    /// unrendered. The caller made the port where the root's type is known,
    /// so that its end of a cascade is specialised for it (`HostPort`). The
    /// one setup of `WorkflowHost` and of the testable seam's `WorkflowNode`.
    func startTree<W: Workflow>(root workflow: W, key: String, parentSession: WorkflowSession?, port: RootPort<W>) {
        self.port = Unmanaged.passUnretained(port)
        rootParentSession = parentSession
        startRoot(workflow, store: port.rootStore, key: key, route: port.rootRoute)
        assert(tree.nodes[root].slot.rawValue == RootPort<W>.rootSlot.rawValue, "the root is not its store's first node")
    }

    /// Starts the root of the tree (R6); `renderRoot` renders it.
    @inlinable
    func startRoot<W: Workflow>(_ workflow: W, store: NodeStore<W>, key: String, route: RootRoute<W.Output>?) {
        let node = allocateRoot(typeIndex: store.typeIndex, key: key)
        startNode(node, workflow: workflow, store: store, key: key, parent: .none, route: route)
        tree.plant(node)
    }

    /// A render pass of the root. Its replaced rendering goes once the whole
    /// pass is over, as upstream's host lets go of its old one: held here
    /// while the root's slot takes the new one, then let go of outside the
    /// pass, so that a deinit it runs may send, update or release the host
    /// (R24).
    @inlinable
    func renderRoot<W: Workflow>(store: NodeStore<W>) -> W.Rendering {
        #if DEBUG  // fault injection (differential tests): released inside the pass
        if FaultInjection.releaseRenderingInPass {
            return renderPass { renderNode(root, store: store) }
        }
        #endif
        let replaced = store[tree.nodes[root].slot].rendering
        let rendering = renderPass { renderNode(root, store: store) }
        keepingAlive(replaced) {}
        return rendering
    }

    /// Runs `body`, a render pass: a send meanwhile waits for the end of the
    /// cascade, or is a fatal error when its node is rendering (R15).
    /// Memory the nodes that ended no longer need goes back after it.
    @usableFromInline
    func renderPass<Rendering>(_ body: () -> Rendering) -> Rendering {
        renumberPassesIfDue()
        passes.willRender(stackEnd: StackGuard.currentStackEnd())
        gate.isRendering = true
        let rendering = if trace != nil { traceRenderPass(body) } else { body() }
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
    /// the host publishes the rendering it has. The port does both.
    func endCascade() {
        var publishes = !renderOnlyIfStateChanged || cascade.changedState
        var rendersRoot = false
        if publishes {
            rendersRoot = !skipsCleanChildren || tree.nodes[root].needsRender
            #if DEBUG  // fault injection (differential tests): publish only what rendered
            if FaultInjection.publishOnlyAfterRender, !rendersRoot { publishes = false }
            #endif
        }
        toPort(CascadeResult(source: .action, rendersRoot: rendersRoot, publishesRendering: publishes))
    }

    /// The host's first render, through its port: specialised like every
    /// later render of the root.
    func renderFirst() {
        toPort(CascadeResult(source: .firstRender, rendersRoot: true, publishesRendering: false))
    }

    /// R19: the root gets a new workflow value, then the host renders and
    /// publishes through its port (`publishes`), or the tree renders on the
    /// next ask (the testable seam).
    func updateRoot<W: Workflow>(to workflow: W, publishes: Bool) {
        trace?.passWillBegin(.update)
        defer { trace?.passDidEnd() }
        let store = store(of: root, as: W.self)
        update(root, store: store, slot: tree.nodes[root].slot, to: workflow)
        if publishes {
            toPort(CascadeResult(source: .update, rendersRoot: true, publishesRendering: true))
        }
    }

    /// Hands `result` to the port. The port outlives the call (`HostPort`),
    /// so it is borrowed as it is, not retained for the call.
    @inline(__always)
    func toPort(_ result: CascadeResult) {
        port.unsafelyUnwrapped.withGuaranteedRef { $0.cascadeDidEnd(result, in: self) }
    }
}
