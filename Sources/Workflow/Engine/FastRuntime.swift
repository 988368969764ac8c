// The fast runtime behind `WorkflowHost`.
//
// Design, in short:
// - Arena. Nodes are 48-byte `NodeRecord`s, each beside its key, in raw
//   segments that never move once full (`NodeArena`, `SegmentedBuffer`),
//   addressed by integer handles (slot index + generation); freed slots are
//   reused from a free list and a stale handle is caught by its generation.
//   A record is trivial (plain integers and unmanaged references), so nodes
//   start and end by plain memory writes. No object per node: a node's
//   workflow value, state and last rendering sit unboxed in the
//   `NodeStore<W>` of its type, segmented the same way. A node pays for
//   objects only for what it uses: an output route if it has an output, a
//   registration per sink action type, a side-effect table.
// - Keyed children. A parent's children are a list through the records, in
//   the order its last pass asked for them. A pass first tries the child
//   after the previous hit in that list (no hashing when the order is
//   stable), else one `ChildIndex` hash table of (parent, type, key). Each
//   node remembers the parent pass that last asked for it: a second ask in
//   the same pass is a duplicate (R8), and after the pass the children not
//   asked for are the ones to end (R9), found in one walk of the old list.
//   The new order is collected on a stack while the pass runs and linked
//   after it. Reordering moves no node.
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
//   context object comes from a pool per workflow type (`RenderContextPool`),
//   sinks reuse their registration, output routes are updated in place, the
//   stacks keep their capacity.
//
// Everything runs on the main queue (R22); nothing here is thread-safe.

@usableFromInline
final class FastRuntime {
    /// The arena.
    @exclusivity(unchecked) @usableFromInline var nodes = NodeArena()
    /// Head of the free records, linked through `nextSibling` (-1: none).
    @exclusivity(unchecked) @usableFromInline var freeNodes: Int32 = -1
    @exclusivity(unchecked) @usableFromInline var childIndex = ChildIndex()

    /// One typed store per workflow type, owned here, found by type.
    @exclusivity(unchecked) @usableFromInline var stores: [ObjectIdentifier: AnyNodeStore] = [:]
    /// The same stores by `AnyNodeStore.index` (`NodeRecord.store`).
    @exclusivity(unchecked) @usableFromInline var storeTable: ContiguousArray<Unmanaged<AnyNodeStore>> = []
    /// The store `store(for:)` found last.
    @exclusivity(unchecked) @usableFromInline var lastStore: Unmanaged<AnyNodeStore>?

    /// A frame per node whose `render` is running, innermost last.
    @exclusivity(unchecked) @usableFromInline var frames = RawStack<RenderFrame>(capacity: 16)
    /// The children the running passes asked for, in order: each frame's
    /// from its `firstAsked` up. They become the node's child list when its
    /// pass ends.
    @exclusivity(unchecked) @usableFromInline var asked = RawStack<Int32>(capacity: 64)
    /// Numbers every node render; 0 means "not rendering".
    @exclusivity(unchecked) @usableFromInline var passCounter: UInt32 = 0

    /// Render skipping on (S1-S4) or off (every render is called).
    @usableFromInline let skipsCleanChildren: Bool
    @usableFromInline let observer: WorkflowObserver?
    /// Whether `observer` is set: a Bool test, not a copy of the existential.
    @usableFromInline let hasObserver: Bool
    /// Sessions by node slot; kept only when there is an observer.
    @exclusivity(unchecked) @usableFromInline var sessions: ContiguousArray<WorkflowSession?> = []
    /// The parent session the root's session names (nil for a host's root).
    @usableFromInline var rootParentSession: WorkflowSession?

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
        /// The render's pass number: what its context, sinks and side
        /// effects belong to (R5), and what its children are marked with.
        @usableFromInline var pass: UInt32
        /// Where this pass's children start on the `asked` stack.
        @usableFromInline var firstAsked: Int32
        /// The previous child where the next child is looked for first: the
        /// one after the previous hit (-1: none).
        @usableFromInline var cursor: Int32

        @inlinable
        init(node: Int32, pass: UInt32, firstAsked: Int32, cursor: Int32) {
            self.node = node
            self.pass = pass
            self.firstAsked = firstAsked
            self.cursor = cursor
        }
    }

    /// A runtime for one host, with the configuration in force now.
    @usableFromInline
    init(observers: [WorkflowObserver], hasDebugger: Bool) {
        self.observer = ChainedWorkflowObserver.forHost(with: observers)
        self.hasObserver = observer != nil
        self.skipsCleanChildren = Runtime.configuration.renderSkipping
        self.recordsCascadePath = hasDebugger
    }

    deinit {
        for store in storeTable {
            store._withUnsafeGuaranteedRef { $0.releaseAllSlots() }
        }
        // A torn-down tree released these already; a host whose first
        // render never finished may not have.
        for i in 0..<nodes.count {
            nodes[i].sideEffects?.release()
            nodes[i].sinks?.release()
        }
        nodes.deallocate()
        childIndex.deallocate()
        frames.deallocate()
        asked.deallocate()
    }

    // MARK: - Stores and slots

    @inlinable
    func store<W: Workflow>(for type: W.Type) -> NodeStore<W> {
        unmanagedStore(for: type).takeUnretainedValue()
    }

    /// The store of `W`, made on first use. Unmanaged: `stores` owns it, and
    /// the child path uses it without a retain and release per child.
    @inlinable
    func unmanagedStore<W: Workflow>(for type: W.Type) -> Unmanaged<NodeStore<W>> {
        // Siblings are mostly of one type: remember the last store found.
        if let last = lastStore, last._withUnsafeGuaranteedRef({ $0.typeID }) == ObjectIdentifier(type) {
            return Unmanaged.fromOpaque(last.toOpaque())
        }
        return Unmanaged.passUnretained(findStore(for: type))
    }

    @inlinable
    func findStore<W: Workflow>(for type: W.Type) -> NodeStore<W> {
        let id = ObjectIdentifier(type)
        let store: NodeStore<W>
        if let existing = stores[id] {
            store = unsafeDowncast(existing, to: NodeStore<W>.self)
        } else {
            precondition(storeTable.count < Int(NodeRecord.free), "more than 65,534 workflow types in one tree")
            store = NodeStore<W>(index: UInt16(storeTable.count))
            store.releaseSlot = { [unowned(unsafe) store] in store.release($0) }
            store.releaseAllSlots = { [unowned(unsafe) store] in store.releaseAll() }
            stores[id] = store
            storeTable.append(Unmanaged.passUnretained(store))
        }
        lastStore = Unmanaged.passUnretained(store)
        return store
    }

    /// The typed store of a live node, whose type is known to be `W`.
    @inlinable
    func store<W: Workflow>(of node: Int32, as type: W.Type) -> NodeStore<W> {
        unsafeDowncast(anyStore(of: node).takeUnretainedValue(), to: NodeStore<W>.self)
    }

    @inlinable
    func anyStore(of node: Int32) -> Unmanaged<AnyNodeStore> {
        storeTable[Int(nodes[Int(node)].store)]
    }

    @inlinable
    func handle(_ node: Int32) -> NodeHandle {
        NodeHandle(index: node, generation: nodes[Int(node)].generation)
    }

    /// Takes a free arena slot for a new node.
    @usableFromInline
    func allocateNode(store: UInt16, key: String, parent: Int32) -> Int32 {
        let reused = freeNodes
        if reused >= 0 {
            let i = Int(reused)
            freeNodes = nodes[i].nextSibling
            nodes[i] = NodeRecord(store: store, parent: parent, generation: nodes[i].generation)
            nodes[key: i] = key
            return reused
        }
        nodes.append(NodeRecord(store: store, parent: parent, generation: 0), key: key)
        if hasObserver { sessions.append(nil) }
        return Int32(nodes.count - 1)
    }

    // MARK: - Starting a node

    /// Starts a node (R6): session, initial state, storage. Its first render
    /// is the caller's next step. A child (`parent` >= 0) must be the one
    /// whose index look-up just failed (`indexNewChild`).
    @inlinable
    func startNode<W: Workflow>(
        _ workflow: W, store: NodeStore<W>, key: String, parent: Int32, route: OutputRoute<W.Output>?
    ) -> Int32 {
        let node = allocateNode(store: store.index, key: key, parent: parent)
        var state: W.State
        if hasObserver, let observer {
            let session = WorkflowSession(workflowType: W.self, renderKey: key, parent: parent < 0 ? rootParentSession : sessions[Int(parent)])
            sessions[Int(node)] = session
            observer.sessionDidBegin(session)
            state = workflow.makeInitialState()
            observer.workflowDidMakeInitialState(workflow, initialState: state, session: session)
        } else {
            state = workflow.makeInitialState()
        }
        nodes[Int(node)].slot = store.allocate(NodeSlot(workflow: workflow, state: state), route: route)
        if parent >= 0 {
            indexNewChild(node)
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
        let workflow = store[slot].workflow
        let state = store[slot].state
        let completion = hasObserver ? observer!.workflowWillRender(workflow, state: state, session: sessions[i]!) : nil

        passCounter &+= 1
        if passCounter == 0 { passCounter = 1 }
        frames.push(RenderFrame(
            node: node, pass: passCounter, firstAsked: Int32(truncatingIfNeeded: asked.count), cursor: nodes[i].firstChild
        ))
        let context = store.contexts.take(runtime: self, node: handle(node))
        let rendering = context._withUnsafeGuaranteedRef { workflow.render(state: state, context: $0) }
        store.contexts.giveBack()
        nodes[i].needsRender = false
        store[slot].rendering = rendering
        if nodes[i].firstChild < 0, asked.count == Int(frames[frames.count - 1].firstAsked),
           nodes[i].sideEffects == nil, nodes[i].sinks == nil
        {
            // A leaf before and after: nothing to end, link or kill.
            frames.count -= 1
        } else {
            finishPass(of: node)
        }

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
        let pass = checkRendering(parent, workflowType: Parent.self)
        return unmanagedStore(for: Child.self)._withUnsafeGuaranteedRef { store in
            renderChild(workflow, store: store, key: key, outputMap: outputMap, parent: parent.index, pass: pass, parentType: Parent.self)
        }
    }

    @inlinable
    func renderChild<Parent: Workflow, Child: Workflow, Action: WorkflowAction>(
        _ workflow: Child,
        store: NodeStore<Child>,
        key: String,
        outputMap: @escaping (Child.Output) -> Action,
        parent p: Int32,
        pass: UInt32,
        parentType: Parent.Type
    ) -> Child.Rendering where Action.WorkflowType == Parent {
        let child = findChild(parent: p, store: store.index, key: key)

        guard child >= 0 else {
            let route: OutputRoute<Child.Output>? =
                Child.Output.self == Never.self ? nil : ActionRoute(map: outputMap, parent: p)
            let node = startNode(workflow, store: store, key: key, parent: p, route: route)
            nodes[Int(node)].seenInPass = pass
            asked.push(node)
            return renderNode(node, store: store)
        }

        let c = Int(child)
        if nodes[c].seenInPass == pass {
            RuntimeErrors.duplicateChild(childType: Child.self, key: key, parentType: Parent.self)
        }
        nodes[c].seenInPass = pass
        asked.push(child)

        let slot = Int(nodes[c].slot)
        if Child.Output.self != Never.self {
            updateRoute(of: store, slot: slot, outputMap: outputMap, parent: p)
        }
        if skipsCleanChildren, !nodes[c].needsRender, store.isUnchanged(store[slot].workflow, workflow) {
            return store[slot].rendering!
        }
        #if DEBUG  // fault injection (differential tests): skip a dirty child too
        if skipsCleanChildren, FaultInjection.skipDirtyChild, store.isUnchanged(store[slot].workflow, workflow) {
            return store[slot].rendering!
        }
        #endif

        // R7: the new value's workflowDidChange, store it, render.
        let old = store[slot].workflow
        var state = store[slot].state
        workflow.workflowDidChange(from: old, state: &state)
        store[slot].workflow = workflow
        store[slot].state = state
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
        let route = store.route(slot)
        if type(of: route.pointee) == ActionRoute<Child.Output, Action>.self {
            unsafeDowncast(route.pointee, to: ActionRoute<Child.Output, Action>.self).map = outputMap
        } else {
            route.pointee = ActionRoute(map: outputMap, parent: parent)
        }
    }

    /// R5: the context must belong to the innermost render running. Only a
    /// valid context calls this (it checked itself), so its node is alive
    /// and rendering: what is left to catch is a parent's context used
    /// while a child renders. Returns that render's pass.
    @inlinable @inline(__always)
    func checkRendering(_ node: NodeHandle, workflowType: Any.Type) -> UInt32 {
        let top = frames.count - 1
        guard frames[top].node == node.index else {
            RuntimeErrors.contextUsedOutsideRender(workflowType: workflowType, key: nodes[key: Int(node.index)])
        }
        return frames[top].pass
    }

    /// The existing child of `parent` with this store (type) and key, or -1:
    /// first the previous child after the previous hit, then through the
    /// index.
    @usableFromInline
    func findChild(parent: Int32, store: UInt16, key: String) -> Int32 {
        let top = frames.count - 1
        let guess = frames[top].cursor
        if guess >= 0 {
            let g = Int(guess)
            if nodes[g].store == store, nodes[key: g] == key {
                frames[top].cursor = nodes[g].nextSibling
                return guess
            }
        }
        let child = indexedChild(parent: parent, store: store, key: key)
        if child >= 0 {
            // A child made in this pass has no next sibling yet: asking for
            // it again is a duplicate, which the caller reports.
            frames[top].cursor = nodes[Int(child)].nextSibling
        }
        return child
    }

    /// After a node's `render` returned: ends the children it did not ask
    /// for (in their previous order), records the new order, ends the side
    /// effects it did not ask for, kills the sinks it did not declare.
    @usableFromInline
    func finishPass(of node: Int32) {
        let frame = frames.pop()
        let i = Int(node)

        var child = nodes[i].firstChild
        while child >= 0 {
            let next = nodes[Int(child)].nextSibling
            if nodes[Int(child)].seenInPass != frame.pass {
                endNode(child)
            }
            child = next
        }

        // The new order: this pass's part of the stack, linked.
        let first = Int(frame.firstAsked)
        var next: Int32 = -1
        var k = asked.count
        while k > first {
            k -= 1
            let child = asked[k]
            nodes[Int(child)].nextSibling = next
            next = child
        }
        nodes[i].firstChild = next
        asked.count = first

        if let sideEffects = nodes[i].sideEffects {
            let table = sideEffects.takeUnretainedValue()
            table.endUnseen(pass: frame.pass)
            if table.entries.isEmpty {
                nodes[i].sideEffects = nil
                sideEffects.release()
            }
        }
        if nodes[i].sinks != nil {
            killSinks(of: node, notDeclaredIn: frame.pass)
        }
    }

    /// Ends a node and its subtree, post-order: children (in their order),
    /// side effects (in start order), sinks, then the session (R9, R10).
    /// When the whole host goes away, the arena is dropped as a whole and
    /// only what users can observe is done node by node.
    @usableFromInline
    func endNode(_ node: Int32) {
        let i = Int(node)
        var child = nodes[i].firstChild
        while child >= 0 {
            let next = nodes[Int(child)].nextSibling
            endNode(child)
            child = next
        }
        if let sideEffects = nodes[i].sideEffects {
            nodes[i].sideEffects = nil
            let table = sideEffects.takeRetainedValue()
            #if DEBUG  // fault injection (differential tests): keep the side effects alive
            if FaultInjection.keepRemovedSideEffect { FaultInjection.keptAlive += table.entries.map(\.lifetime); table.entries = [] }
            #endif
            table.endAll()
        }
        if nodes[i].sinks != nil {
            killSinks(of: node, notDeclaredIn: nil)
        }
        if hasObserver {
            let session = sessions[i]!
            sessions[i] = nil
            observer!.sessionDidEnd(session)
        }
        if isTornDown { return }

        if nodes[i].parent >= 0 {
            unindexChild(node)
        }
        anyStore(of: node)._withUnsafeGuaranteedRef { $0.releaseSlot(nodes[i].slot) }
        nodes[i].store = NodeRecord.free
        nodes[key: i] = ""
        nodes[i].firstChild = -1
        nodes[i].parent = -1
        nodes[i].seenInPass = 0
        nodes[i].needsRender = false
        nodes[i].generation &+= 1
        nodes[i].nextSibling = freeNodes
        freeNodes = node
    }

    // MARK: - Sinks and side effects

    /// R13: the node's registration for `Action`, reused while declared.
    @inlinable
    func makeSink<Action: WorkflowAction>(of actionType: Action.Type, node: NodeHandle) -> Sink<Action> {
        let pass = checkRendering(node, workflowType: Action.WorkflowType.self)
        let i = Int(node.index)
        let targetType = ObjectIdentifier(ActionSinkTarget<Action>.self)
        var registration = nodes[i].sinks?.takeUnretainedValue()
        while let current = registration {
            if ObjectIdentifier(type(of: current)) == targetType {
                current.declaredInPass = pass
                return Sink(target: unsafeDowncast(current, to: ActionSinkTarget<Action>.self))
            }
            registration = current.next
        }
        let target = ActionSinkTarget<Action>(runtime: self, node: node, declaredInPass: pass)
        if let head = nodes[i].sinks {
            target.next = head.takeRetainedValue()
        }
        nodes[i].sinks = Unmanaged.passRetained(target)
        return Sink(target: target)
    }

    /// Kills the registrations not declared in `pass` (all of them for nil).
    @usableFromInline
    func killSinks(of node: Int32, notDeclaredIn pass: UInt32?) {
        let i = Int(node)
        var kept: SinkRegistration?
        var registration = nodes[i].sinks?.takeRetainedValue()
        nodes[i].sinks = nil
        while let current = registration {
            registration = current.next
            if let pass, current.declaredInPass == pass {
                current.next = kept
                kept = current
            } else {
                current.declaredInPass = 0  // dead for good
                current.next = nil
            }
        }
        nodes[i].sinks = kept.map { Unmanaged.passRetained($0) }
    }

    /// R11: runs `action` for a key the node did not have in its previous
    /// pass; keeps the lifetime of a key it had.
    @usableFromInline
    func runSideEffect(key: AnyHashable, node: NodeHandle, workflowType: Any.Type, action: (Lifetime) -> Void) {
        let pass = checkRendering(node, workflowType: workflowType)
        let i = Int(node.index)
        let table: SideEffectTable
        if let existing = nodes[i].sideEffects {
            table = existing.takeUnretainedValue()
        } else {
            table = SideEffectTable()
            nodes[i].sideEffects = Unmanaged.passRetained(table)
        }
        if let found = table.find(key) {
            if table.entries[found].seenInPass == pass {
                RuntimeErrors.duplicateSideEffect(workflowType: workflowType, key: key)
            }
            table.entries[found].seenInPass = pass
            return
        }
        // Not found: maybe new, maybe a key no pass can ever find (R11).
        if key != key {
            RuntimeErrors.sideEffectKeyNotEqualToItself(workflowType: workflowType, key: key)
        }
        let lifetime = Lifetime()
        table.add(key, lifetime: lifetime, pass: pass)
        action(lifetime)
    }
}
