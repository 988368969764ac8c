import WorkflowConcurrency
import TestSupport

/// An `AsyncSequenceWorker` over a stream the test feeds. Equivalent
/// workers have the same `name`.
struct StreamWorker: AsyncSequenceWorker {
    var name: String
    var stream: AsyncStream<String>

    func run() -> AsyncStream<String> {
        stream
    }

    func isEquivalent(to otherWorker: StreamWorker) -> Bool {
        name == otherWorker.name
    }
}

/// A `Worker` whose result is the first element of a stream the test
/// feeds: it finishes when the test says so.
struct FirstElementWorker: Worker {
    typealias Output = String

    var stream: AsyncStream<String>

    func run() async -> String {
        for await element in stream {
            return element
        }
        return "<stream ended>"
    }

    func isEquivalent(to otherWorker: FirstElementWorker) -> Bool {
        true
    }
}

/// A stream the test feeds through `continuation`; its termination (by the
/// cancellation of the task iterating it, for instance) is recorded in
/// `probe` as `terminated <name>`.
func feedableStream(_ name: String, probe: Probe) -> (stream: AsyncStream<String>, continuation: AsyncStream<String>.Continuation) {
    let (stream, continuation) = AsyncStream<String>.makeStream()
    continuation.onTermination = { _ in probe.record("terminated \(name)") }
    return (stream, continuation)
}
