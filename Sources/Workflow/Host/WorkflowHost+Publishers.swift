#if canImport(Combine)
import Combine
#else
import OpenCombine
#endif

extension WorkflowHost {
    /// The host's renderings as a publisher: a subscriber gets the current
    /// rendering first, then every rendering the host publishes (S3), and
    /// finishes when the host goes away. Use `dropFirst()` for changes only.
    ///
    /// Through Combine on Apple platforms and OpenCombine on Linux. Values
    /// arrive on the main queue, in the order of R25; a value published
    /// while the subscriber has no demand waits, only the newest kept.
    public var renderingPublisher: AnyPublisher<WorkflowType.Rendering, Never> {
        HostPublisher(observers: port.renderingObservers, current: { [weak port] in
            guard let port, !port.isReleased else { return nil }
            return port.readRendering(port)
        }).eraseToAnyPublisher()
    }

    /// The root's outputs as a publisher: every output from the moment of
    /// subscription, in order, after the rendering of its cascade (R17),
    /// with no replay; it finishes when the host goes away. An output that
    /// arrives while the subscriber has no demand is dropped, as a
    /// passthrough subject drops it.
    public var outputPublisher: AnyPublisher<WorkflowType.Output, Never> {
        HostPublisher(observers: port.outputObservers, current: nil).eraseToAnyPublisher()
    }
}
