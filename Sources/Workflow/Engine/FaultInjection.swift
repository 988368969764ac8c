#if DEBUG
/// Deliberate bugs for the differential tests to catch, one rule broken per
/// switch; debug builds only. A test turns one on and off within one
/// synchronous main-actor body, so no other test sees it on.
@usableFromInline
package enum FaultInjection {
    /// S2 broken: a child that needs rendering is skipped anyway when its
    /// workflow value is unchanged (hook in `FastRuntime.renderChild`).
    @usableFromInline nonisolated(unsafe) package static var skipDirtyChild = false

    /// R9/R12 broken: a node that ends keeps its side effects alive, their
    /// `onEnded` never runs (hook in `FastRuntime.endNode`).
    nonisolated(unsafe) package static var keepRemovedSideEffect = false

    /// R13 broken: a dead sink registration still delivers its actions to
    /// its node while the node lives (hook in `ActionSinkTarget.receive`).
    nonisolated(unsafe) package static var deliverStaleSinkAction = false

    /// S3 broken: a cascade whose root stayed clean publishes nothing (hook
    /// in `FastRuntime.endCascade`).
    nonisolated(unsafe) package static var publishOnlyAfterRender = false

    /// R24 broken: the replaced rendering is released inside the render pass
    /// (hook in `FastRuntime.renderRoot`).
    @usableFromInline nonisolated(unsafe) package static var releaseRenderingInPass = false

    /// R15 broken: queued sends and updates run newest first (hook in
    /// `CascadeGate.runQueued`).
    nonisolated(unsafe) package static var runQueuedNewestFirst = false

    /// B1 broken: a burst drops its second action, or swaps its second and
    /// third (hooks in `CascadeGate.takeBurstCascade`).
    nonisolated(unsafe) package static var burstDropsAction = false
    nonisolated(unsafe) package static var burstReordersActions = false

    /// B3 broken: a burst of more than one action ends without its render
    /// pass (hook in `FastRuntime.endCascade`).
    nonisolated(unsafe) package static var burstSkipsRender = false

    /// R25 broken: a host's observers of renderings or of outputs are
    /// called last registered first (hook in `HostObservers.deliver`).
    @usableFromInline nonisolated(unsafe) package static var deliverToObserversLastFirst = false

    /// R10, R25 broken: a released host drops its observers unfinished, so
    /// publishers and streams never finish (hook in `HostObservers.finishAll`).
    nonisolated(unsafe) package static var leaveObserversOpenOnRelease = false

    /// What `keepRemovedSideEffect` keeps alive: a released `Lifetime` ends.
    nonisolated(unsafe) package static var keptAlive: [Lifetime] = []

    /// Whether a switch is on; the invariant walk then defers to the oracle.
    package static var isAnySwitchOn: Bool {
        skipDirtyChild || keepRemovedSideEffect || deliverStaleSinkAction || publishOnlyAfterRender
            || releaseRenderingInPass || runQueuedNewestFirst || deliverToObserversLastFirst
            || leaveObserversOpenOnRelease || burstDropsAction || burstReordersActions || burstSkipsRender
    }

    /// Makes the invariant walk run even while a switch is on.
    nonisolated(unsafe) package static var checksInvariantsAnyway = false
}
#endif
