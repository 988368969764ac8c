/// When a host may start a cascade (R15, R16): at once when idle, later when
/// busy with one or during a render pass (unless the sink's own node is
/// rendering: then never); once the host is released, never again (R10).
/// The fast runtime sends every cascade, a send or an `update(workflow:)`,
/// through `submit` (the reference has a gate of its own, written apart).
@usableFromInline
package final class CascadeGate {
    /// The gate's flags and queue.
    @usableFromInline
    struct State {
        /// A render pass is in progress: sends wait, or are fatal errors when
        /// their node is rendering (R15).
        @usableFromInline var isRendering = false
        /// A cascade is in progress (applying actions, notifying observers).
        var isBusy = false
        /// The host was released: nothing more of its work runs, and
        /// cascades queued or sent from now on are dropped.
        @usableFromInline var isClosed = false
        /// The cascades waiting, in order.
        var deferred = CascadeQueue()
        /// The released host's teardown, waiting for the cascade to unwind.
        var teardown: (() -> Void)?
    }

    /// Unchecked: read per send and per render pass. Each access is one
    /// read or write between the cascades and teardowns this class calls,
    /// never across one (a closure is taken out before it runs or goes).
    @exclusivity(unchecked) @usableFromInline var state = State()

    package init() {}

    /// A render pass is in progress. Set by the runtime around each of its
    /// render passes.
    @inlinable
    package var isRendering: Bool {
        get { state.isRendering }
        set { state.isRendering = newValue }
    }

    /// The host was released.
    @inlinable
    package var isClosed: Bool { state.isClosed }

    /// Starts `cascade` now when idle, then every cascade queued meanwhile,
    /// in order, each on its own. While busy with a cascade, or during a
    /// render pass, it queues the closure `queued` makes (R15); during a
    /// render pass it calls `fail` instead when `targetIsRendering` says
    /// that the sink's own node is in its `render`.
    ///
    /// `queued` is called only when the cascade cannot run now, so that a
    /// cascade that runs at once allocates no closure.
    @usableFromInline
    package func submit(
        targetIsRendering: () -> Bool,
        failingDuringRender fail: () -> Never,
        queueing queued: () -> () -> Void,
        running cascade: () -> Void
    ) {
        if state.isRendering, targetIsRendering() {
            fail()
        }
        if state.isBusy || state.isRendering {
            if !state.isClosed {
                let closure = queued()
                state.deferred.append(closure)
            }
            return
        }
        state.isBusy = true
        cascade()
        state.isBusy = false
        if !state.deferred.isEmpty || state.isClosed {
            runQueued()
        }
    }

    /// Runs the cascades queued while the gate was busy or rendering, in
    /// order, each on its own; then the teardown of a host released
    /// meanwhile. A host calls it after a render pass that no cascade ran,
    /// its first, once it can publish.
    package func runQueued() {
        guard !state.isBusy, !state.isRendering else { return }
        while !state.deferred.isEmpty, !state.isClosed {
            #if DEBUG  // fault injection (differential tests): the newest first
            let next = FaultInjection.runQueuedNewestFirst ? state.deferred.popLast() : state.deferred.popFirst()
            #else
            let next = state.deferred.popFirst()
            #endif
            state.isBusy = true
            next.unsafelyUnwrapped()
            state.isBusy = false
        }
        if state.isClosed {
            // Taken out before they go: releasing a closure runs user code.
            let dropped = state.deferred.removeAll()
            let pending = state.teardown
            state.teardown = nil
            pending?()
            keepingAlive(dropped) {}
        }
    }

    /// The host's release: `teardown` (ending every node and lifetime) runs
    /// now if the gate is idle, else once the running cascade has unwound,
    /// so that no code of the host runs on a tree that is gone.
    package func close(then teardown: @escaping () -> Void) {
        state.isClosed = true
        if state.isBusy || state.isRendering {
            state.teardown = teardown
        } else {
            teardown()
        }
    }

    /// A host's `update(workflow:)` (R19): fatal during a render pass, after
    /// the current cascade when called from one, else now. `update` gets the
    /// new workflow value, so that an update run at once allocates nothing.
    package func submitUpdate<Workflow>(
        of workflow: Workflow,
        _ update: @escaping (Workflow) -> Void
    ) {
        submit(
            targetIsRendering: { true },
            failingDuringRender: { RuntimeErrors.updateDuringRender(workflowType: Workflow.self) },
            queueing: { { update(workflow) } },
            running: { update(workflow) }
        )
    }
}
