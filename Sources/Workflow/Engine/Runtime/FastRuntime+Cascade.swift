// The whole cascade (R15-R18): the gate that decides when one runs (R15,
// R16); its runs and applies, an action applying at its node; the routes an
// output climbs through the parents' output maps; the dirty marks a changed
// state leaves on the path to the root (S1); and its end, with at most one
// render pass, handed to the port. The generic steps are `@inlinable`,
// reached from code that knows the action type
// (`WorkflowAction._sendToFastRuntime`, `ActionRoute.deliverAction`), so a
// cascade runs specialised; what does not depend on the types is out of line.

/// When a host may start a cascade (R15, R16): at once when idle, later when
/// busy or rendering (never if the sink's own node is rendering), never once
/// the host is released (R10). The fast runtime's sends and updates all go
/// through `submit`; the reference has a gate of its own.
@usableFromInline
package final class CascadeGate {
    @usableFromInline
    struct State {
        /// A render pass is in progress: sends wait, or are fatal errors when
        /// their node is rendering (R15).
        @usableFromInline var isRendering = false
        /// A cascade is in progress (applying actions, notifying observers).
        var isBusy = false
        /// The host was released: its work and any cascade are dropped.
        @usableFromInline var isClosed = false
        /// The cascades waiting, in order: those sent during the cascades so
        /// far (R15) run before the workers' sends waiting behind them (B1).
        var deferred = CascadeQueue(), gathered = CascadeQueue()
        var flushIsScheduled = false  // workers' sends wait for the turn's end (B1)

        /// The next cascade to run; for a burst, nil at an update (B1).
        mutating func takeNext(joiningBurst: Bool) -> (() -> Void)? {
            deferred.isEmpty ? gathered.popFirst(joiningBurst: joiningBurst) : deferred.popFirst(joiningBurst: joiningBurst)
        }
        /// The released host's teardown, waiting for the cascade to unwind.
        var teardown: (() -> Void)?
    }

    /// Unchecked: read per send and per render pass. Each access is one
    /// read or write between the cascades and teardowns this class calls,
    /// never across one (a closure is taken out before it runs or goes).
    @exclusivity(unchecked) @usableFromInline var state = State()

    package init() {}

    /// Set by the runtime around each of its render passes.
    @inlinable
    package var isRendering: Bool {
        get { state.isRendering }
        set { state.isRendering = newValue }
    }

    /// The host was released.
    @inlinable
    package var isClosed: Bool { state.isClosed }

    /// Runs `cascade` now when idle, then those queued meanwhile, in order.
    /// While busy or rendering it queues what `queued` makes (R15), called
    /// only then so that a cascade run at once allocates no closure; while
    /// rendering it calls `fail` if `targetIsRendering`. Behind workers'
    /// sends waiting for their burst it joins the line, which runs now (R16).
    @usableFromInline
    package func submit(
        joinsBurst: Bool,
        targetIsRendering: () -> Bool,
        failingDuringRender fail: () -> Never,
        queueing queued: () -> () -> Void,
        running cascade: () -> Void
    ) {
        if state.isRendering, targetIsRendering() {
            fail()
        }
        if state.isBusy || state.isRendering {
            if !state.isClosed { state.deferred.append(queued(), joinsBurst: joinsBurst) }
            return
        }
        if state.flushIsScheduled {
            if !state.isClosed { state.gathered.append(queued(), joinsBurst: joinsBurst) }
            return runQueued()
        }
        state.isBusy = true
        cascade()
        state.isBusy = false
        // Gathered sends wait for a scheduled flush, never for this cascade.
        if !state.deferred.isEmpty || state.isClosed {
            runQueued()
        }
    }

    /// B1: a worker's send waits for the end of the main queue's turn; made
    /// during a cascade, it waits as any send then (R15).
    @usableFromInline
    package func gather(_ cascade: @escaping () -> Void) {
        if state.isClosed { return }
        if state.isBusy || state.isRendering { return state.deferred.append(cascade, joinsBurst: true) }
        state.gathered.append(cascade, joinsBurst: true)
        if state.flushIsScheduled { return }
        state.flushIsScheduled = true
        // The gate is the main queue's (R22), as is the block.
        nonisolated(unsafe) let gate = self
        MainQueue.afterCurrentBlocks { gate.flushGathered() }
    }

    /// The end of the turn: the waiting sends run, as one burst.
    package func flushGathered() {
        state.flushIsScheduled = false
        runQueued()
    }

    /// The next waiting send, for the running burst; nil at an update (B1).
    @usableFromInline
    func takeBurstCascade() -> (() -> Void)? {
        #if DEBUG  // fault injection (differential tests)
        if FaultInjection.burstDropsAction, state.takeNext(joiningBurst: true) != nil {
            return state.takeNext(joiningBurst: true)
        }
        if FaultInjection.burstReordersActions, let first = state.takeNext(joiningBurst: true) {
            guard let second = state.takeNext(joiningBurst: true) else { return first }
            return { second(); first() }
        }
        #endif
        return state.takeNext(joiningBurst: true)
    }

    /// Runs the queued cascades in order, then a released host's teardown
    /// (also after a host's first render pass, once it can publish).
    package func runQueued() {
        guard !state.isBusy, !state.isRendering else { return }
        while !(state.deferred.isEmpty && state.gathered.isEmpty), !state.isClosed {
            #if DEBUG  // fault injection (differential tests): the newest first
            let next = FaultInjection.runQueuedNewestFirst && !state.deferred.isEmpty
                ? state.deferred.popLast() : state.takeNext(joiningBurst: false)
            #else
            let next = state.takeNext(joiningBurst: false)
            #endif
            state.isBusy = true
            next.unsafelyUnwrapped()
            state.isBusy = false
        }
        if state.isClosed {
            // Taken out before they go: releasing a closure runs user code.
            let dropped = state.deferred.removeAll() + state.gathered.removeAll()
            let pending = state.teardown
            state.teardown = nil
            pending?()
            keepingAlive(dropped) {}
        }
    }

    /// The host's release: `teardown` runs now if idle, else once the cascade
    /// has unwound, so no host code runs on a tree that is gone.
    package func close(then teardown: @escaping () -> Void) {
        state.isClosed = true
        if state.isBusy || state.isRendering {
            state.teardown = teardown
        } else {
            teardown()
        }
    }

    /// `update(workflow:)` (R19): fatal while rendering, queued behind a
    /// cascade, else now, allocating nothing (`update` takes the value).
    package func submitUpdate<Workflow>(
        of workflow: Workflow,
        _ update: @escaping (Workflow) -> Void
    ) {
        submit(
            joinsBurst: false,
            targetIsRendering: { true },
            failingDuringRender: { RuntimeErrors.updateDuringRender(workflowType: Workflow.self) },
            queueing: { { update(workflow) } },
            running: { update(workflow) }
        )
    }
}

extension FastRuntime {
    /// R15: now if idle, queued during a cascade or pass, fatal in its render.
    @inlinable
    func receive<Action: WorkflowAction>(_ action: Action, from target: ActionSinkTarget<Action>) {
        if conflatesBursts, cascade.takeWorkerSend() {
            return gather(action, from: target)
        }
        let node = target.node
        guard !isTornDown, tree.nodes.isCurrent(node) else { return }
        gate.submit(
            joinsBurst: true,
            targetIsRendering: { isRendering(node.id) },
            failingDuringRender: {
                sendDuringRender(Action.self, workflowType: Action.WorkflowType.self, at: node.id)
            },
            queueing: {
                { [self] in
                    // Handled later, on its own; dropped if the sink died meanwhile.
                    guard target.isAlive, !isTornDown else { return }
                    runCascade(action, at: node.id)
                }
            },
            running: { runCascade(action, at: node.id) }
        )
    }

    /// B1: out of line, so that `receive` stays small enough to inline.
    @inlinable @inline(never)
    func gather<Action: WorkflowAction>(_ action: Action, from target: ActionSinkTarget<Action>) {
        let node = target.node
        guard !isTornDown, tree.nodes.isCurrent(node) else { return }
        gate.gather { [self] in
            // Dropped if the sink died meanwhile.
            guard target.isAlive, !isTornDown else { return }
            runCascade(action, at: node.id)
        }
    }

    /// One send's cascade; inside a burst (B1), only its actions.
    @inlinable
    func runCascade<Action: WorkflowAction>(_ action: Action, at node: NodeID) {
        guard conflatesBursts else {
            beginCascade()
            apply(action, at: node, fromSink: true)
            return finishCascade()
        }
        if cascade.isInBurst {
            cascade.didJoinBurst()
            return apply(action, at: node, fromSink: true)
        }
        beginCascade()
        apply(action, at: node, fromSink: true)
        applyBurst()
        finishCascade()
    }

    /// B1, B2: the waiting sends apply here, in order, up to an update or an
    /// output that left the root.
    @usableFromInline
    func applyBurst() {
        cascade.openBurst()
        while !gate.isClosed, !cascade.outputLeftRoot, let next = gate.takeBurstCascade() { next() }
        cascade.closeBurst()
    }

    /// R17: applies `action` at `node`, then hands any output to its route.
    @inlinable
    func apply<Action: WorkflowAction>(_ action: Action, at node: NodeID, fromSink: Bool) {
        typealias W = Action.WorkflowType
        // Each step below may run user code that releases the host: stop then.
        if gate.isClosed { return }
        let store = store(of: node, as: W.self)
        let slot = tree.nodes[node].slot
        // The action mutates the state where it lies (R17): no render or
        // node start can run during an apply, so the slot stays put.
        let nodeSlot = store.pointer(to: slot)

        var completion: ((W.State, W.Output?) -> Void)?
        if hasObserver {
            completion = observeAction(action, at: node, slot: nodeSlot, fromSink: fromSink)
            if gate.isClosed { return }
        }

        let before = store.comparesState ? nodeSlot.pointee.state : nil
        let key = tree.nodes[keyOf: node]
        let output = withPointer(to: &nodeSlot.pointee.workflow) { workflow in
            ApplyContext.withContext(workflowAt: workflow, key: key) {
                action.apply(toState: &nodeSlot.pointee.state, context: $0)
            }
        }
        // S1: compared when `comparesState`; a Void state never changes.
        let changed = if let before {
            !store.isUnchanged(state: before, nodeSlot.pointee.state)
        } else {
            store.stateCanChange
        }
        if gate.isClosed { return }
        completion?(nodeSlot.pointee.state, output)

        didApply(Action.self, workflowType: W.self, at: node, fromSink: fromSink, changed: changed, compared: before != nil)
        if let output {
            store.route(slot).pointee.deliver(output, runtime: self)
        }
    }

    /// Observers hear of the action; returns their call for after the apply.
    @usableFromInline
    func observeAction<Action: WorkflowAction>(
        _ action: Action, at node: NodeID, slot: UnsafeMutablePointer<NodeSlot<Action.WorkflowType>>, fromSink: Bool
    ) -> ((Action.WorkflowType.State, Action.WorkflowType.Output?) -> Void)? {
        let observer = observer!
        let session = tree.session(of: node)!
        let workflow = slot.pointee.workflow
        if fromSink {
            observer.workflowDidReceiveAction(action, workflow: workflow, session: session)
            if gate.isClosed { return nil }
        }
        return observer.workflowWillApplyAction(action, workflow: workflow, state: slot.pointee.state, session: session)
    }

    /// After an apply: the dirty path (S1), the trace, the debugger's path.
    @usableFromInline
    func didApply(
        _ actionType: Any.Type, workflowType: Any.Type, at node: NodeID, fromSink: Bool, changed: Bool, compared: Bool
    ) {
        cascade.didApply(at: node, workflowType: workflowType, fromSink: fromSink, changed: changed)
        if changed {
            markNeedsRender(node)
        }
        if isTraced {
            traceAction(actionType, at: node, fromSink: fromSink, changed: changed, compared: compared)
        }
    }

    /// S1: marks the node and its ancestors up to one marked (its are, too).
    func markNeedsRender(_ node: NodeID) {
        var current = node
        while !current.isNone, !tree.nodes[current].needsRender {
            tree.nodes[current].markNeedsRender()
            current = tree.nodes[current].parent
        }
    }

    @usableFromInline
    func beginCascade() {
        if isTraced { trace.passWillBegin(.action) }
        cascade.begin()
    }

    /// The cascade's end: its render pass, if due, and its result.
    @usableFromInline
    func finishCascade() {
        defer { if isTraced { trace.passDidEnd() } }
        // Released meanwhile: the teardown waits for the gate; stop here (R10).
        if gate.isClosed { return }
        if cascade.recordsPath {
            var ancestor = tree.nodes[cascade.top].parent
            while !ancestor.isNone {
                cascade.appendAncestor(anyStore(of: ancestor).takeUnretainedValue().workflowType)
                ancestor = tree.nodes[ancestor].parent
            }
        }
        endCascade()
        #if DEBUG
        checkInvariants()
        #endif
    }

    /// R18, S3: publishes once unless `renderOnlyIfStateChanged` saw no state
    /// change; the root renders first if dirty (S1) or without skipping.
    func endCascade() {
        var publishes = !renderOnlyIfStateChanged || cascade.changedState
        var rendersRoot = false
        if publishes {
            rendersRoot = !skipsCleanChildren || tree.nodes[root].needsRender
            #if DEBUG  // fault injection (differential tests): publish only what rendered
            if FaultInjection.publishOnlyAfterRender, !rendersRoot { publishes = false }
            if FaultInjection.burstSkipsRender, cascade.burstActions > 1 { rendersRoot = false }
            #endif
        }
        toPort(CascadeResult(source: .action, rendersRoot: rendersRoot, publishesRendering: publishes))
    }

    /// The port outlives the call (`HostPort`): borrowed, not retained.
    @inline(__always)
    func toPort(_ result: CascadeResult) {
        port.unsafelyUnwrapped.withGuaranteedRef { $0.cascadeDidEnd(result, in: self) }
    }

    /// R15: whether `node`'s `render` is running (`PassStack.isRendering`).
    @usableFromInline
    func isRendering(_ node: NodeID) -> Bool {
        passes.isRendering(node)
    }

    @usableFromInline
    func sendDuringRender(_ actionType: Any.Type, workflowType: Any.Type, at node: NodeID) -> Never {
        RuntimeErrors.sendDuringRender(actionType: actionType, workflowType: workflowType, key: tree.nodes[keyOf: node])
    }
}

extension ApplyContext {
    @inlinable
    init(workflow: UnsafePointer<WorkflowType>, key: String, epoch: UInt64) {
        self.workflow = workflow
        self.backend = nil
        self.key = key
        self.epoch = epoch
    }

    /// As `withContext(workflow:key:_:)`, over a workflow value that stays put
    /// until `body` returns.
    @inlinable
    package static func withContext<Result>(
        workflowAt workflow: UnsafePointer<WorkflowType>,
        key: String,
        _ body: (ApplyContext<WorkflowType>) -> Result
    ) -> Result {
        let outer = ApplyEpoch.current
        ApplyEpoch.last += 1
        let epoch = ApplyEpoch.last
        ApplyEpoch.current = epoch
        defer { ApplyEpoch.current = outer }
        return body(ApplyContext(workflow: workflow, key: key, epoch: epoch))
    }
}

/// Where a node's outputs go: the parent's latest `outputMap`, applied at the
/// parent (R17). One per node with an output; each parent render replaces
/// `map` in place (R7), so re-rendering allocates nothing.
@usableFromInline @MainActor
class OutputRoute<Output> {
    @usableFromInline
    init() {}

    /// Turns `output` into the parent's action and applies it there.
    @usableFromInline
    func deliver(_ output: Output, runtime: FastRuntime) { fatalError("abstract") }
}

@usableFromInline
final class ActionRoute<Output, Action: WorkflowAction>: OutputRoute<Output> {
    @usableFromInline var map: (Output) -> Action
    @usableFromInline let parent: NodeID
    /// Delivery specialised where both types are known: this class's own
    /// methods are generic code, never specialised.
    @usableFromInline let deliverAction: (ActionRoute<Output, Action>, Output, FastRuntime) -> Void

    @inlinable
    init(map: @escaping (Output) -> Action, parent: NodeID) {
        self.map = map
        self.parent = parent
        self.deliverAction = { route, output, runtime in
            runtime.apply(route.map(output), at: route.parent, fromSink: false)
        }
    }

    override func deliver(_ output: Output, runtime: FastRuntime) {
        deliverAction(self, output, runtime)
    }
}

/// The root's route: outputs leave the tree. The host takes the output of
/// a cascade when the cascade ends, after the render pass (R17).
@usableFromInline
final class RootRoute<Output>: OutputRoute<Output> {
    /// The cascade's output (one root action per cascade). Unchecked: each
    /// access is a store or a take that calls nothing.
    @exclusivity(unchecked) @usableFromInline var pending: Output?

    @usableFromInline
    override init() {}

    override func deliver(_ output: Output, runtime: FastRuntime) {
        pending = output
        runtime.cascade.outputLeftRoot = true
    }

    /// The cascade's output, if any; none is left behind.
    @inlinable
    func takeOutput() -> Output? {
        defer { pending = nil }
        return pending
    }
}
