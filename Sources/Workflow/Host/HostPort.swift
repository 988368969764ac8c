/// The runtime's one way out to what drives its root (a `WorkflowHost`, or
/// the testable seam's `WorkflowNode`): the end of every cascade (R18), once
/// the runtime decided whether the root renders and publishes (S1, S3).
/// The host owns its port and the port its runtime, which reaches the port,
/// unowned, only while a step of that host runs; the gate holds a host
/// released meanwhile until the cascade unwound: no dangling, no cycle.
/// `end` is made where the root's type is known, so it runs specialised.
@usableFromInline @MainActor
class HostPort {
    /// Called with this port, never capturing it.
    @usableFromInline let end: (HostPort, CascadeResult, FastRuntime) -> Void

    @inlinable
    init(end: @escaping (HostPort, CascadeResult, FastRuntime) -> Void) {
        self.end = end
    }

    /// The host's release (R10), which a subclass that a host owns gives.
    func releaseByHost() {
        fatalError("abstract")
    }

    /// From the host's deinit, which checked the main queue (R22). Not
    /// generic, unlike the host: its closure allocates nothing.
    nonisolated static func releaseFromDeinit(_ port: HostPort) {
        MainQueue.assumeMainActor(port) { $0.releaseByHost() }
    }

    /// The end of a cascade of `runtime`, whose tree this port drives.
    @inlinable @inline(__always)
    final func cascadeDidEnd(_ result: CascadeResult, in runtime: FastRuntime) {
        end(self, result, runtime)
    }
}
