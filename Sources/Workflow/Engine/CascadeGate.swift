/// When a host may start a cascade (R15, R16): at once when idle, later when
/// busy with one, never during a render pass.
@usableFromInline
package final class CascadeGate {
    /// A render pass is in progress: sends are fatal errors.
    @usableFromInline
    package var isRendering = false
    /// A cascade is in progress (applying actions, notifying observers).
    package private(set) var isBusy = false
    private var deferred: [() -> Void] = []

    package init() {}

    /// Queues `cascade` to run after the current one.
    package func enqueue(_ cascade: @escaping () -> Void) {
        deferred.append(cascade)
    }

    /// Runs `cascade` now (the gate must be idle), then every cascade queued
    /// meanwhile, in order, each on its own.
    package func run(_ cascade: () -> Void) {
        isBusy = true
        cascade()
        isBusy = false
        while !deferred.isEmpty {
            let next = deferred.removeFirst()
            isBusy = true
            next()
            isBusy = false
        }
    }
}
