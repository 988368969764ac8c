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
    /// rendering it calls `fail` if `targetIsRendering`.
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

    /// Runs the queued cascades in order, then a released host's teardown.
    /// A host calls it after its first render pass, once it can publish.
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
            targetIsRendering: { true },
            failingDuringRender: { RuntimeErrors.updateDuringRender(workflowType: Workflow.self) },
            queueing: { { update(workflow) } },
            running: { update(workflow) }
        )
    }
}
