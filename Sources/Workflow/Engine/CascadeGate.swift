/// When a host may start a cascade (R15, R16): at once when idle, later when
/// busy with one, never during a render pass; once the host is released,
/// never again (R10). Both runtimes send every cascade, a send or an
/// `update(workflow:)`, through `submit`.
@usableFromInline
package final class CascadeGate {
    /// A render pass is in progress: sends are fatal errors. Set by the
    /// runtime around each of its render passes.
    @exclusivity(unchecked) package var isRendering = false
    /// A cascade is in progress (applying actions, notifying observers).
    @exclusivity(unchecked) private var isBusy = false
    /// The host was released: nothing more of its work runs, and cascades
    /// queued or sent from now on are dropped.
    @exclusivity(unchecked) @usableFromInline package private(set) var isClosed = false
    @exclusivity(unchecked) private var deferred: [() -> Void] = []
    /// The released host's teardown, waiting for the cascade to unwind.
    @exclusivity(unchecked) private var teardown: (() -> Void)?

    package init() {}

    /// Starts `cascade` now when idle, then every cascade queued meanwhile,
    /// in order, each on its own. While busy with a cascade it queues the
    /// closure `queued` makes; during a render pass it calls `fail`.
    ///
    /// `queued` is called only when the gate is busy, so that a cascade that
    /// runs at once allocates no closure.
    @usableFromInline
    package func submit(
        failingDuringRender fail: () -> Never,
        queueing queued: () -> () -> Void,
        running cascade: () -> Void
    ) {
        if isRendering {
            fail()
        }
        if isBusy {
            if !isClosed {
                deferred.append(queued())
            }
            return
        }
        isBusy = true
        cascade()
        isBusy = false
        while !deferred.isEmpty, !isClosed {
            let next = deferred.removeFirst()
            isBusy = true
            next()
            isBusy = false
        }
        if isClosed {
            deferred = []
            let pending = teardown
            teardown = nil
            pending?()
        }
    }

    /// The host's release: `teardown` (ending every node and lifetime) runs
    /// now if the gate is idle, else once the running cascade has unwound,
    /// so that no code of the host runs on a tree that is gone.
    package func close(then teardown: @escaping () -> Void) {
        isClosed = true
        if isBusy || isRendering {
            self.teardown = teardown
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
            failingDuringRender: { RuntimeErrors.updateDuringRender(workflowType: Workflow.self) },
            queueing: { { update(workflow) } },
            running: { update(workflow) }
        )
    }
}
