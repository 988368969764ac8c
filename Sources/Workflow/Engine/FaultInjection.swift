#if DEBUG
/// Deliberate bugs for the differential tests to catch: each
/// switch breaks one rule of the fast runtime while it is on. Debug builds
/// only; release builds contain neither this type nor its hooks. All off by
/// default; a test turns one on and off again within one synchronous
/// main-actor body, so no other test ever sees it on.
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

    /// S3 broken: a cascade whose root stayed clean publishes nothing, as
    /// if observers were only told about render passes (hook in
    /// `FastRuntime.endCascade`).
    nonisolated(unsafe) package static var publishOnlyAfterRender = false

    /// R24 broken: the host lets go of its replaced rendering at once,
    /// inside the render pass, so that a deinit it runs meets the pass
    /// (hook in `FastRuntime.renderRoot`).
    @usableFromInline nonisolated(unsafe) package static var releaseRenderingInPass = false

    /// R15 broken: sends (and updates) queued while the host was busy run
    /// newest first instead of in the order they were made (hook in
    /// `CascadeGate.runQueued`).
    nonisolated(unsafe) package static var runQueuedNewestFirst = false

    /// R25 broken: a host's observers of renderings or of outputs are
    /// called last registered first (hook in `HostObservers.deliver`).
    @usableFromInline nonisolated(unsafe) package static var deliverToObserversLastFirst = false

    /// R10, R25 broken: a released host forgets its observers without
    /// finishing them, so its publisher subscriptions and streams never
    /// finish (hook in `HostObservers.finishAll`).
    nonisolated(unsafe) package static var leaveObserversOpenOnRelease = false

    /// What `keepRemovedSideEffect` keeps alive (a released `Lifetime` would
    /// end itself in its deinit).
    nonisolated(unsafe) package static var keptAlive: [Lifetime] = []

    /// Whether a switch is on. The invariant walk stands aside then: the
    /// switches break the runtime on purpose, for the differential oracle to
    /// catch (a test turns the walk back on to show it catches them too).
    package static var isAnySwitchOn: Bool {
        skipDirtyChild || keepRemovedSideEffect || deliverStaleSinkAction || publishOnlyAfterRender
            || releaseRenderingInPass || runQueuedNewestFirst || deliverToObserversLastFirst
            || leaveObserversOpenOnRelease
    }

    /// Makes the invariant walk run even while a switch is on.
    nonisolated(unsafe) package static var checksInvariantsAnyway = false
}
#endif
