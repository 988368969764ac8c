/// The runtime's one way out to what drives its root (a `WorkflowHost`, or
/// the testable seam's `WorkflowNode`): the end of every cascade (R18), after
/// the runtime decided whether the root renders and the rendering is
/// published (S1, S3).
///
/// Ownership runs one way: the host owns its port, the port owns the
/// runtime, and the runtime refers to its port without owning it. The
/// runtime reaches the port only while a cascade, an update or the first
/// render of that host runs, and the host lives through each of those (a
/// host released meanwhile is held by its gate until the cascade has
/// unwound), so the reference is never left dangling: no cycle, nothing to
/// break by hand.
///
/// The end of a cascade is a function a subclass's `@inlinable` initializer
/// makes. `WorkflowHost` calls that initializer where the root's type is
/// known, so the function runs specialised for that type, as the children
/// below the root do.
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

    /// `releaseByHost()` from the host's deinit, which has checked the main
    /// queue (R22). Not generic, unlike the host: its closure allocates
    /// nothing.
    nonisolated static func releaseFromDeinit(_ port: HostPort) {
        MainQueue.assumeMainActor(port) { $0.releaseByHost() }
    }

    /// The end of a cascade of `runtime`, whose tree this port drives.
    @inlinable @inline(__always)
    final func cascadeDidEnd(_ result: CascadeResult, in runtime: FastRuntime) {
        end(self, result, runtime)
    }
}
