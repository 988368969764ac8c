import WorkflowConcurrency
import TestSupport

/// A worker that records its start, waits, records its finish and returns
/// `value`. Equivalent workers have the same `value`.
///
/// Without a gate it sleeps `delay`, and if cancelled meanwhile records
/// `cancelled <value>` and returns at once. With a gate it waits until the
/// test opens it, ignoring cancellation, as careless work does.
///
/// A worker that must not finish on its own, one the test expects to be
/// cancelled or never to start, sleeps `untilCancelled`. A shorter delay
/// would race the test: in a full parallel test run the main actor, where
/// the test removes the worker, has been seen to get no turn for 40 s.
struct SleepingWorker: Worker {
    static let untilCancelled: Duration = .seconds(24 * 60 * 60)

    typealias Output = String

    var value: String
    var delay: Duration = .milliseconds(20)
    var gate: Gate?
    var probe: Probe

    func run() async -> String {
        probe.record("start \(value)")
        if let gate {
            await gate.wait()
        } else {
            do {
                try await Task.sleep(for: delay)
            } catch {
                probe.record("cancelled \(value)")
                return value
            }
        }
        probe.record("finish \(value)")
        return value
    }

    func isEquivalent(to otherWorker: SleepingWorker) -> Bool {
        value == otherWorker.value
    }
}
