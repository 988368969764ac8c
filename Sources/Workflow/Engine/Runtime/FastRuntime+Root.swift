// The root: its start, every render pass (the only code setting the gate's
// rendering flag), the first render's and updates' results for the port (a
// cascade's end is in +Cascade); its rendering lives in its slot.

extension FastRuntime {
    /// Starts the root (R6), unrendered, for `port`, which owns this runtime
    /// and was made where the root's type is known (`HostPort`).
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

    /// The replaced rendering is held until the pass is over, as upstream,
    /// so that a deinit it runs may send, update or release the host (R24).
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

    /// Runs `body`, a render pass: a send meanwhile waits, or is fatal if its
    /// node is rendering (R15). Memory of ended nodes goes back after it.
    @usableFromInline
    func renderPass<Rendering>(_ body: () -> Rendering) -> Rendering {
        renumberPassesIfDue()
        passes.willRender(stackEnd: StackGuard.currentStackEnd())
        gate.isRendering = true
        let rendering = if isTraced { traceRenderPass(body) } else { body() }
        gate.isRendering = false
        trimIfDue()
        #if DEBUG
        checkInvariants()
        #endif
        return rendering
    }

    /// The first render, through the port: specialised like every later one.
    func renderFirst() {
        toPort(CascadeResult(source: .firstRender, rendersRoot: true, publishesRendering: false))
    }

    /// R19: a new root workflow value, rendered and published if `publishes`.
    func updateRoot<W: Workflow>(to workflow: W, publishes: Bool) {
        if isTraced { trace.passWillBegin(.update) }
        defer { if isTraced { trace.passDidEnd() } }
        let store = store(of: root, as: W.self)
        update(root, store: store, slot: tree.nodes[root].slot, to: workflow)
        if publishes {
            toPort(CascadeResult(source: .update, rendersRoot: true, publishesRendering: true))
        }
    }
}
