#if canImport(Combine)
import Combine
#else
import OpenCombine
#endif

extension WorkflowHost {
    /// The host's renderings as a publisher: the current one, then each one
    /// the host publishes (S3), until it goes away (`dropFirst()` for changes
    /// only). Through Combine (OpenCombine on Linux), on the main queue in the
    /// order of R25; without demand only the newest waits.
    public var renderingPublisher: AnyPublisher<WorkflowType.Rendering, Never> {
        HostPublisher(observers: port.renderingObservers, current: { [weak port] in
            guard let port, !port.isReleased else { return nil }
            return port.readRendering(port)
        }).eraseToAnyPublisher()
    }

    /// The root's outputs as a publisher: every output from subscription on,
    /// in order, after its cascade's rendering (R17), with no replay,
    /// finishing when the host goes away. Without demand an output is dropped.
    public var outputPublisher: AnyPublisher<WorkflowType.Output, Never> {
        HostPublisher(observers: port.outputObservers, current: nil).eraseToAnyPublisher()
    }
}
