// The fast runtime behind `WorkflowHost`.
//
// Design, in short:
// - Arena. Nodes are `NodeRecord`s in one contiguous array, addressed by
//   integer handles (slot index + generation); freed slots are reused from a
//   free list and a stale handle is caught by its generation. No object per
//   node: a node's workflow value, state and last rendering sit unboxed in
//   the `NodeStore<W>` of its type. A node pays for objects only for what it
//   uses: an output route if it has an output, a registration per sink
//   action type, a side-effect table.
// - Keyed children. One `ChildIndex` hash table maps (parent, type, key) to
//   the child. A pass first tries the child at the same position as in the
//   previous pass (no hashing when the order is stable), else the table.
//   Each node remembers the parent pass that last asked for it: a second ask
//   in the same pass is a duplicate (R8), and after the pass the children
//   not asked for are the ones to end (R9), found in one walk of the
//   parent's previous children. Reordering moves no node.
// - Render skipping (S1-S4). An action that changes a state marks the node
//   and its ancestors `needsRender`. A parent asking for a child that does
//   not need rendering and whose workflow value is unchanged gets the cached
//   rendering; `workflowDidChange`, `render` and the hooks around them are
//   skipped, and the subtree, its sinks and side effects stay as they are.
// - Specialisation. `rendered(in:)` reaches `renderChild` through
//   `@inlinable` code only, so the whole child path is specialised for the
//   user's types at the user's call site: no existential, no metadata look-up
//   per child. The type-erased work (ending nodes, diffing children, the
//   child index) is plain non-generic code.
// - Allocation. In the steady state a render pass allocates nothing: the
//   context is a value, sinks reuse their registration, output routes are
//   updated in place, the scratch stacks and children arrays keep their
//   capacity.
//
// Everything runs on the main queue (R22); nothing here is thread-safe.

@usableFromInline
final class FastRuntime {
    /// The arena.
    @exclusivity(unchecked) @usableFromInline var nodes: ContiguousArray<NodeRecord> = []
    @exclusivity(unchecked) @usableFromInline var freeNodes: ContiguousArray<Int32> = []
    @exclusivity(unchecked) @usableFromInline var childIndex = ChildIndex()

    /// One typed store per workflow type, owned here.
    @exclusivity(unchecked) @usableFromInline var stores: [ObjectIdentifier: AnyNodeStore] = [:]

    /// A frame per node whose `render` is running, innermost last.
    @exclusivity(unchecked) @usableFromInline var frames: ContiguousArray<RenderFrame> = []
    /// The children asked for by the running renders, each frame's segment
    /// above the previous one's: the new child order of each parent.
    @exclusivity(unchecked) @usableFromInline var requested: ContiguousArray<Int32> = []
    /// Numbers every node render; 0 means "not rendering".
    @exclusivity(unchecked) @usableFromInline var passCounter: UInt32 = 0

    /// Render skipping on (S1-S4) or off (every render is called).
    @usableFromInline let skipsCleanChildren: Bool
    @usableFromInline let observer: WorkflowObserver?
    /// Whether `observer` is set: a Bool test, not a copy of the existential.
    @usableFromInline let hasObserver: Bool
    /// Sessions by node slot; kept only when there is an observer.
    @exclusivity(unchecked) @usableFromInline var sessions: ContiguousArray<WorkflowSession?> = []

    /// Sends: now, queued, or fatal (R15, R16).
    @usableFromInline let gate = CascadeGate()
    /// Set when the host goes away: every sink is dead from then on.
    @exclusivity(unchecked) @usableFromInline var isTornDown = false
    /// The host's end of a cascade: render if due, notify observers.
    @usableFromInline var finishCascade: () -> Void = {}

    /// What the current cascade did: whether an action changed a state (for
    /// `renderOnlyIfStateChanged` without skipping), and its path for the
    /// debugger (kept only when there is one).
    @exclusivity(unchecked) @usableFromInline var cascadeChangedState = false
    @usableFromInline let recordsCascadePath: Bool
    @exclusivity(unchecked) @usableFromInline var cascadePath: [(workflowType: Any.Type, reachedByOutput: Bool)] = []
    @exclusivity(unchecked) @usableFromInline var cascadeTop: Int32 = -1

    @usableFromInline
    struct RenderFrame {
        @usableFromInline var node: Int32
        @usableFromInline var pass: UInt32
        @usableFromInline var requestedStart: Int32
        /// Where in the previous children the next child is looked for first.
        @usableFromInline var cursor: Int32

        @inlinable
        init(node: Int32, pass: UInt32, requestedStart: Int32) {
            self.node = node
            self.pass = pass
            self.requestedStart = requestedStart
            self.cursor = 0
        }
    }

    /// A runtime for one host, with the configuration in force now.
    @usableFromInline
    init(observers: [WorkflowObserver], hasDebugger: Bool) {
        self.observer = ChainedWorkflowObserver.chain(observers)
        self.hasObserver = observer != nil
        self.skipsCleanChildren = Runtime.configuration.renderSkipping
        self.recordsCascadePath = hasDebugger
    }

    // MARK: - Stores and slots

    @inlinable
    func store<W: Workflow>(for type: W.Type) -> NodeStore<W> {
        let id = ObjectIdentifier(type)
        if let store = stores[id] {
            return unsafeDowncast(store, to: NodeStore<W>.self)
        }
        let store = NodeStore<W>()
        store.releaseSlot = { [unowned(unsafe) store] in store.release($0) }
        stores[id] = store
        return store
    }

    @inlinable
    func store<W: Workflow>(of node: Int32, as type: W.Type) -> NodeStore<W> {
        unsafeDowncast(nodes[Int(node)].store!.takeUnretainedValue(), to: NodeStore<W>.self)
    }

    @inlinable
    func handle(_ node: Int32) -> NodeHandle {
        NodeHandle(index: node, generation: nodes[Int(node)].generation)
    }

    /// Takes a free arena slot for a new node.
    @usableFromInline
    func allocateNode(store: AnyNodeStore, key: String, parent: Int32) -> Int32 {
        let node: Int32
        if let reused = freeNodes.popLast() {
            node = reused
        } else {
            nodes.append(.free)
            node = Int32(nodes.count - 1)
            if hasObserver { sessions.append(nil) }
        }
        let i = Int(node)
        nodes[i].store = Unmanaged.passUnretained(store)
        nodes[i].key = key
        nodes[i].parent = parent
        return node
    }

    // MARK: - Starting a node

    /// Starts a node (R6): session, initial state, storage. Its first render
    /// is the caller's next step.
    @inlinable
    func startNode<W: Workflow>(_ workflow: W, key: String, parent: Int32, route: OutputRoute<W.Output>?) -> Int32 {
        let store = store(for: W.self)
        let node = allocateNode(store: store, key: key, parent: parent)
        var state: W.State
        if hasObserver, let observer {
            let session = WorkflowSession(workflowType: W.self, renderKey: key, parent: parent < 0 ? nil : sessions[Int(parent)])
            sessions[Int(node)] = session
            observer.sessionDidBegin(session)
            state = workflow.makeInitialState()
            observer.workflowDidMakeInitialState(workflow, initialState: state, session: session)
        } else {
            state = workflow.makeInitialState()
        }
        nodes[Int(node)].slot = store.allocate(NodeSlot(workflow: workflow, state: state, route: route))
        if parent >= 0 {
            indexChild(node, hash: childIndex.lastMissHash)
        }
        return node
    }

    // MARK: - The render pass

    /// Renders a node: its `render`, then the cleanup of what that pass did
    /// not ask for (R9, R12, R13), then the observers' completions.
    @inlinable
    func renderNode<W: Workflow>(_ node: Int32, store: NodeStore<W>) -> W.Rendering {
        let i = Int(node)
        let slot = Int(nodes[i].slot)
        let workflow = store.slots[slot]!.workflow
        let state = store.slots[slot]!.state
        let completion = hasObserver ? observer!.workflowWillRender(workflow, state: state, session: sessions[i]!) : nil

        passCounter &+= 1
        if passCounter == 0 { passCounter = 1 }
        nodes[i].renderingPass = passCounter
        frames.append(RenderFrame(node: node, pass: passCounter, requestedStart: Int32(requested.count)))
        let rendering = workflow.render(state: state, context: RenderContext(runtime: self, node: handle(node)))
        nodes[i].renderingPass = 0
        nodes[i].needsRender = false
        store.slots[slot]!.rendering = rendering
        finishPass(of: node)

        completion?(rendering)
        return rendering
    }

    /// Asks for a child during its parent's render: the hot path.
    @inlinable
    func renderChild<Parent: Workflow, Child: Workflow, Action: WorkflowAction>(
        _ workflow: Child,
        key: String,
        outputMap: @escaping (Child.Output) -> Action,
        parent: NodeHandle,
        parentType: Parent.Type
    ) -> Child.Rendering where Action.WorkflowType == Parent {
        let p = parent.index
        let pass = checkRendering(parent, workflowType: Parent.self)
        let child = findChild(parent: p, typeID: ObjectIdentifier(Child.self), key: key)

        guard child >= 0 else {
            let route: OutputRoute<Child.Output>? =
                Child.Output.self == Never.self ? nil : ActionRoute(map: outputMap, parent: p)
            let node = startNode(workflow, key: key, parent: p, route: route)
            nodes[Int(node)].seenInPass = pass
            requested.append(node)
            return renderNode(node, store: store(of: node, as: Child.self))
        }

        let c = Int(child)
        if nodes[c].seenInPass == pass {
            RuntimeErrors.duplicateChild(childType: Child.self, key: key, parentType: Parent.self)
        }
        nodes[c].seenInPass = pass
        requested.append(child)

        let store = store(of: child, as: Child.self)
        let slot = Int(nodes[c].slot)
        if Child.Output.self != Never.self {
            updateRoute(of: store, slot: slot, outputMap: outputMap, parent: p)
        }
        if skipsCleanChildren, !nodes[c].needsRender, store.isUnchanged(store.slots[slot]!.workflow, workflow) {
            return store.slots[slot]!.rendering!
        }
        #if DEBUG  // fault injection (differential tests): skip a dirty child too
        if skipsCleanChildren, FaultInjection.skipDirtyChild, store.isUnchanged(store.slots[slot]!.workflow, workflow) {
            return store.slots[slot]!.rendering!
        }
        #endif

        // R7: the new value's workflowDidChange, store it, render.
        let old = store.slots[slot]!.workflow
        var state = store.slots[slot]!.state
        workflow.workflowDidChange(from: old, state: &state)
        store.slots[slot]!.workflow = workflow
        store.slots[slot]!.state = state
        if hasObserver {
            observer!.workflowDidChange(from: old, to: workflow, state: state, session: sessions[c]!)
        }
        return renderNode(child, store: store)
    }

    /// R7: the parent's latest `outputMap` replaces the old one, in place
    /// when the action type is the same.
    @inlinable
    func updateRoute<Child: Workflow, Action: WorkflowAction>(
        of store: NodeStore<Child>, slot: Int, outputMap: @escaping (Child.Output) -> Action, parent: Int32
    ) {
        if let route = store.slots[slot]!.route, type(of: route) == ActionRoute<Child.Output, Action>.self {
            unsafeDowncast(route, to: ActionRoute<Child.Output, Action>.self).map = outputMap
        } else {
            store.slots[slot]!.route = ActionRoute(map: outputMap, parent: parent)
        }
    }

    /// R5: the context must belong to the node whose render is running.
    /// Returns that render's pass.
    @inlinable
    func checkRendering(_ node: NodeHandle, workflowType: Any.Type) -> UInt32 {
        let i = Int(node.index)
        guard i < nodes.count, nodes[i].generation == node.generation, nodes[i].renderingPass != 0,
              frames.last?.node == node.index
        else {
            RuntimeErrors.contextUsedOutsideRender(workflowType: workflowType, key: i < nodes.count ? nodes[i].key : "?")
        }
        return nodes[i].renderingPass
    }

    /// The existing child of `parent` with this type and key, or -1: first at
    /// the position after the previous hit, then through the index.
    @usableFromInline
    func findChild(parent: Int32, typeID: ObjectIdentifier, key: String) -> Int32 {
        let top = frames.count - 1
        let cursor = Int(frames[top].cursor)
        let p = Int(parent)
        if cursor < nodes[p].children.count {
            let guess = nodes[p].children[cursor]
            let g = Int(guess)
            if nodes[g].typeID == typeID, nodes[g].key == key {
                frames[top].cursor = Int32(cursor + 1)
                return guess
            }
        }
        let child = indexedChild(parent: parent, typeID: typeID, key: key)
        if child >= 0, nodes[Int(child)].position >= 0 {
            frames[top].cursor = nodes[Int(child)].position + 1
        }
        return child
    }

    /// After a node's `render` returned: ends the children it did not ask
    /// for (in their previous order), records the new order, ends the side
    /// effects it did not ask for, kills the sinks it did not declare.
    @usableFromInline
    func finishPass(of node: Int32) {
        let frame = frames.removeLast()
        let i = Int(node)

        let previousCount = nodes[i].children.count
        for k in 0..<previousCount {
            let child = nodes[i].children[k]
            if nodes[Int(child)].seenInPass != frame.pass {
                endNode(child)
            }
        }

        let start = Int(frame.requestedStart)
        if previousCount != 0 || start != requested.count {
            nodes[i].children.removeAll(keepingCapacity: true)
            nodes[i].children.append(contentsOf: requested[start...])
            requested.removeSubrange(start...)
            for k in 0..<nodes[i].children.count {
                nodes[Int(nodes[i].children[k])].position = Int32(k)
            }
        }

        if let sideEffects = nodes[i].sideEffects {
            sideEffects.endUnseen(pass: frame.pass)
            if sideEffects.entries.isEmpty { nodes[i].sideEffects = nil }
        }
        killSinks(of: node, notDeclaredIn: frame.pass)
    }

    /// Ends a node and its subtree, post-order: children (in their order),
    /// side effects (in start order), sinks, then the session (R9, R10).
    /// When the whole host goes away, the arena is dropped as a whole and
    /// only what users can observe is done node by node.
    @usableFromInline
    func endNode(_ node: Int32) {
        let i = Int(node)
        let children = nodes[i].children
        for child in children {
            endNode(child)
        }
        if let sideEffects = nodes[i].sideEffects {
            nodes[i].sideEffects = nil
            #if DEBUG  // fault injection (differential tests): keep the side effects alive
            if FaultInjection.keepRemovedSideEffect { FaultInjection.keptAlive += sideEffects.entries.map(\.lifetime); sideEffects.entries = [] }
            #endif
            sideEffects.endAll()
        }
        killSinks(of: node, notDeclaredIn: nil)
        if hasObserver {
            let session = sessions[i]!
            sessions[i] = nil
            observer!.sessionDidEnd(session)
        }
        if isTornDown { return }

        if nodes[i].parent >= 0 {
            unindexChild(node)
        }
        nodes[i].store!._withUnsafeGuaranteedRef { $0.releaseSlot(nodes[i].slot) }
        nodes[i].store = nil
        nodes[i].key = ""
        nodes[i].children = []
        nodes[i].parent = -1
        nodes[i].position = -1
        nodes[i].seenInPass = 0
        nodes[i].needsRender = false
        nodes[i].generation &+= 1
        freeNodes.append(node)
    }

    // MARK: - Sinks and side effects

    /// R13: the node's registration for `Action`, reused while declared.
    @inlinable
    func makeSink<Action: WorkflowAction>(of actionType: Action.Type, node: NodeHandle) -> Sink<Action> {
        let pass = checkRendering(node, workflowType: Action.WorkflowType.self)
        let i = Int(node.index)
        let typeID = ObjectIdentifier(actionType)
        var registration = nodes[i].sinks
        while let current = registration {
            if current.actionTypeID == typeID {
                current.declaredInPass = pass
                return Sink(target: unsafeDowncast(current, to: ActionSinkTarget<Action>.self))
            }
            registration = current.next
        }
        let target = ActionSinkTarget<Action>(runtime: self, node: node, declaredInPass: pass)
        target.next = nodes[i].sinks
        nodes[i].sinks = target
        return Sink(target: target)
    }

    /// Kills the registrations not declared in `pass` (all of them for nil).
    @usableFromInline
    func killSinks(of node: Int32, notDeclaredIn pass: UInt32?) {
        let i = Int(node)
        var kept: SinkRegistration?
        var registration = nodes[i].sinks
        nodes[i].sinks = nil
        while let current = registration {
            registration = current.next
            if let pass, current.declaredInPass == pass {
                current.next = kept
                kept = current
            } else {
                current.isAlive = false
                current.next = nil
            }
        }
        nodes[i].sinks = kept
    }

    /// R11: runs `action` for a key the node did not have in its previous
    /// pass; keeps the lifetime of a key it had.
    @usableFromInline
    func runSideEffect(key: AnyHashable, node: NodeHandle, workflowType: Any.Type, action: (Lifetime) -> Void) {
        let pass = checkRendering(node, workflowType: workflowType)
        let i = Int(node.index)
        let table: SideEffectTable
        if let existing = nodes[i].sideEffects {
            table = existing
        } else {
            table = SideEffectTable()
            nodes[i].sideEffects = table
        }
        if let found = table.find(key) {
            if table.entries[found].seenInPass == pass {
                RuntimeErrors.duplicateSideEffect(workflowType: workflowType, key: key)
            }
            table.entries[found].seenInPass = pass
            return
        }
        let lifetime = Lifetime()
        table.add(key, lifetime: lifetime, pass: pass)
        action(lifetime)
    }
}
