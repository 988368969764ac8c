import Foundation
import Testing
import Workflow
import WorkflowConcurrency
import WorkflowHostHarness
import TestSupport

// WK3: an AsyncSequenceWorker whose sequence throws while it runs stops the
// program, with a message naming the worker type. Exit tests: one child
// process per runtime.

private struct WombatSequenceError: Error {}

/// A worker whose sequence throws at once.
private struct ThrowingWombatWorker: AsyncSequenceWorker {
    typealias Output = String

    func run() -> AsyncThrowingStream<String, Error> {
        AsyncThrowingStream { continuation in
            continuation.finish(throwing: WombatSequenceError())
        }
    }

    func isEquivalent(to otherWorker: ThrowingWombatWorker) -> Bool {
        true
    }
}

private struct ThrowingWombatParent: Workflow {
    typealias State = Void

    func render(state: Void, context: RenderContext<ThrowingWombatParent>) {
        ThrowingWombatWorker().running(in: context) { _ in AnyWorkflowAction<ThrowingWombatParent>.noAction }
    }
}

/// Runs the throwing worker on `kind` and waits well past the moment it
/// throws; returning means the error was not fatal.
@MainActor
private func hostThrowingWorker(_ kind: RuntimeKind) async {
    let host = TestHost(kind, ThrowingWombatParent())
    try? await Task.sleep(for: workerTimeout)
    withExtendedLifetime(host) {}
}

@Suite("AsyncSequenceWorker errors (WK3)")
struct SequenceErrorTests {
    @Test("WK3: a sequence that throws while its worker runs is fatal; the message names the worker type", arguments: RuntimeKind.allCases)
    func throwingSequenceIsFatal(kind: RuntimeKind) async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) { [kind] in
            await hostThrowingWorker(kind)
        }
        let message = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(message.contains("ThrowingWombatWorker"))
        #expect(message.contains("WombatSequenceError"))
    }
}
