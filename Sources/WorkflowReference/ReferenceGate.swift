import Workflow

/// When the reference host does its work, read from the rules:
///
/// - R15: a send while a render pass runs is a fatal error if its node is
///   rendering; any other send during a render pass or while the host is in
///   a cascade (its observers included) waits in `waiting`, and runs after
///   the current cascade, in order, each as its own cascade.
/// - R16: any other send runs before `send` returns.
/// - R19: `update(workflow:)` is fatal during a render pass and waits in the
///   same line during a cascade.
/// - R10: once the host is released nothing more of its work runs; what
///   waits is dropped, and the tree ends when the running work is over.
/// - B1: with bursts rendered once, a worker's send waits for the end of
///   the main queue's turn in `gathered`; any other work arriving before
///   then joins that line, which runs at once. What waits in `waiting` was
///   sent by the work so far, so it runs first, as it would have run before
///   the next of the workers' sends with the option off.
@MainActor
final class ReferenceGate {
    /// A render pass is running.
    var isRendering = false
    /// A cascade or an update is running (its observers included).
    private var isWorking = false
    /// The host was released.
    private(set) var isReleased = false
    /// Work that arrived while the host was busy, oldest first.
    private var waiting = CascadeQueue()
    /// Workers' sends and what arrived behind them, oldest first (B1).
    private var gathered = CascadeQueue()
    /// The released host's teardown, waiting for the running work to end.
    private var teardownWhenIdle: (() -> Void)?
    /// Workers' sends wait for the end of the main queue's turn (B1).
    private var flushIsScheduled = false

    private var isBusy: Bool { isRendering || isWorking }

    /// A send to a sink. `nodeIsRendering` tells whether the sink's node is
    /// in its `render`; `sendDuringRender` stops the program (R15); `work`
    /// is the send's cascade.
    func send(nodeIsRendering: () -> Bool, sendDuringRender: () -> Never, work: @escaping () -> Void) {
        if isRendering, nodeIsRendering() {
            sendDuringRender()
        }
        submit(work, joinsBurst: true)
    }

    /// The host's `update(workflow:)` (R19); `updateDuringRender` stops the
    /// program.
    func update(updateDuringRender: () -> Never, work: @escaping () -> Void) {
        if isRendering {
            updateDuringRender()
        }
        submit(work, joinsBurst: false)
    }

    /// A worker's send on a host that renders bursts once (B1): `work` waits
    /// for the end of this turn of the main queue.
    func gather(_ work: @escaping () -> Void) {
        if isReleased { return }
        if isBusy {
            // Made during a cascade: it waits as any send then (R15).
            waiting.append(work, joinsBurst: true)
            return
        }
        gathered.append(work, joinsBurst: true)
        if flushIsScheduled { return }
        flushIsScheduled = true
        MainQueue.afterCurrentBlocks { [self] in flushGathered() }
    }

    /// The end of the turn: the waiting sends run as one burst (B1).
    func flushGathered() {
        flushIsScheduled = false
        runWaiting()
    }

    /// The next waiting send, for a running burst (B1); nil at an update.
    func takeBurstWork() -> (() -> Void)? {
        waiting.isEmpty ? gathered.popFirst(joiningBurst: true) : waiting.popFirst(joiningBurst: true)
    }

    private func submit(_ work: @escaping () -> Void, joinsBurst: Bool) {
        if isBusy {
            if !isReleased {
                waiting.append(work, joinsBurst: joinsBurst)
            }
            return
        }
        if flushIsScheduled {
            if !isReleased {
                gathered.append(work, joinsBurst: joinsBurst)
            }
            runWaiting()
            return
        }
        perform(work)
        runWaiting()
    }

    /// Runs what waits, oldest first, unless the host is busy; then a
    /// release that came meanwhile ends the tree. The host calls it after
    /// its first render, once it can publish.
    func runWaiting() {
        if isBusy { return }
        while !isReleased, let next = waiting.popFirst() ?? gathered.popFirst() {
            perform(next)
        }
        if isReleased {
            finishRelease()
        }
    }

    /// Runs `body` as a render pass: sends meanwhile wait (R15).
    func renderPass<Result>(_ body: () -> Result) -> Result {
        let wasRendering = isRendering
        isRendering = true
        defer { isRendering = wasRendering }
        return body()
    }

    /// The host was released: `teardown` runs now, or once the running
    /// cascade or render pass is over (R10).
    func release(teardown: @escaping () -> Void) {
        isReleased = true
        teardownWhenIdle = teardown
        if !isBusy {
            finishRelease()
        }
    }

    private func perform(_ work: () -> Void) {
        isWorking = true
        work()
        isWorking = false
    }

    /// Drops what still waits, then ends the tree. The dropped closures go
    /// last: they may hold values whose deinits run user code (R24).
    private func finishRelease() {
        let dropped = waiting.removeAll() + gathered.removeAll()
        let teardown = teardownWhenIdle
        teardownWhenIdle = nil
        teardown?()
        withExtendedLifetime(dropped) {}
    }
}
