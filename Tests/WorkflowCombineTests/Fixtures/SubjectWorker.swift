#if canImport(Combine)
import Combine
#else
import OpenCombine
#endif
import WorkflowCombine
import TestSupport

/// A worker whose publisher is a subject the test sends on. It records in
/// the probe when it is subscribed to ("subscribe NAME") and cancelled
/// ("cancel NAME"); workers of the same name are equivalent.
struct SubjectWorker: Worker {
    typealias Output = String

    var name: String
    var subject: PassthroughSubject<String, Never>
    var probe: Probe

    func run() -> AnyPublisher<String, Never> {
        subject
            .handleEvents(
                receiveSubscription: { [probe, name] _ in probe.record("subscribe \(name)") },
                receiveCancel: { [probe, name] in probe.record("cancel \(name)") }
            )
            .eraseToAnyPublisher()
    }

    func isEquivalent(to otherWorker: SubjectWorker) -> Bool {
        name == otherWorker.name
    }
}

/// An Equatable worker that emits its value at once, on subscription.
struct JustWorker: Worker, Equatable {
    var value: String

    func run() -> Just<String> {
        Just(value)
    }
}
