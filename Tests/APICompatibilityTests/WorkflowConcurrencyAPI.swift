import Foundation
import Testing
import Workflow
import WorkflowConcurrency
import WorkflowConcurrencyTesting
import WorkflowTesting
import XCTest

// Every public declaration of WorkflowConcurrency and
// WorkflowConcurrencyTesting, used the way workflows and tests written
// against upstream's modules use them: workers declared with and without
// an Equatable default, run with `running(in:)`, `mapOutput`, keys and
// output maps, and expected in render tests. The functions below only need
// to compile; the test at the end runs a render test.

// MARK: Workers

/// A worker with its own equivalence.
private struct LoadProfileWorker: Worker {
    typealias Output = String

    let userID: Int

    func run() async -> String {
        try? await Task.sleep(nanoseconds: 1_000_000)
        return "user \(userID)"
    }

    func isEquivalent(to otherWorker: LoadProfileWorker) -> Bool {
        userID == otherWorker.userID
    }
}

/// An Equatable worker, relying on the `==` default of `isEquivalent`.
private struct TickWorker: Worker, Equatable {
    typealias Output = ConcurrencyAPIParent.Action

    let interval: Int

    func run() async -> ConcurrencyAPIParent.Action {
        .ticked
    }
}

/// An `AsyncSequenceWorker` over an `AsyncStream`.
private struct CountdownWorker: AsyncSequenceWorker {
    typealias Output = Int

    let from: Int

    func run() -> AsyncStream<Int> {
        AsyncStream { continuation in
            for value in stride(from: from, through: 0, by: -1) {
                continuation.yield(value)
            }
            continuation.finish()
        }
    }

    func isEquivalent(to otherWorker: CountdownWorker) -> Bool {
        from == otherWorker.from
    }
}

// MARK: A workflow running them

private struct ConcurrencyAPIParent: Workflow {
    let userID: Int
    /// Whether to run the `AsyncSequenceWorker`, which a render test cannot
    /// expect (upstream has no `expectWorker` for it either).
    var countsDown = false

    struct State: Equatable {
        var profile = ""
        var ticks = 0
        var countdown: Int?
        var answer = 0
    }

    func makeInitialState() -> State {
        State()
    }

    enum Action: WorkflowAction, Equatable {
        typealias WorkflowType = ConcurrencyAPIParent

        case loaded(String)
        case ticked

        func apply(toState state: inout State, context: ApplyContext<ConcurrencyAPIParent>) -> Never? {
            switch self {
            case let .loaded(profile):
                state.profile = profile
            case .ticked:
                state.ticks += 1
            }
            return nil
        }
    }

    func render(state: State, context: RenderContext<ConcurrencyAPIParent>) -> String {
        // `running(in:key:outputMap:)`.
        LoadProfileWorker(userID: userID)
            .running(in: context, key: "profile") { Action.loaded($0) }

        // `running(in:)` for a worker whose output is an action of the parent.
        TickWorker(interval: 1).running(in: context)

        // `mapOutput` and a closure action, as upstream's examples do.
        if countsDown {
            CountdownWorker(from: 3)
                .mapOutput { value in
                    AnyWorkflowAction<ConcurrencyAPIParent> { state in
                        state.countdown = value
                        return nil
                    }
                }
                .running(in: context, key: "countdown")
        }

        AsyncOperationWorker { () async -> Int in 42 }
            .mapOutput { answer in
                AnyWorkflowAction<ConcurrencyAPIParent> { state in
                    state.answer = answer
                    return nil
                }
            }
            .running(in: context, key: "answer")

        return state.profile
    }
}

// MARK: The rest of the surface

private func workerSurface() async {
    let worker = LoadProfileWorker(userID: 1)
    let output: String = await worker.run()
    let equivalent: Bool = worker.isEquivalent(to: LoadProfileWorker(userID: 2))
    let erased: AnyWorkflow<Void, String> = worker.asAnyWorkflow()
    _ = (output, equivalent, erased)

    let tick = TickWorker(interval: 2)
    _ = tick.isEquivalent(to: TickWorker(interval: 2))

    let operation = AsyncOperationWorker { "done" }
    let operationOutput: AsyncOperationWorker<String>.Output = await operation.run()
    _ = (operationOutput, operation.isEquivalent(to: AsyncOperationWorker { "other" }))
    let erasedOperation: AnyWorkflow<Void, String> = operation.asAnyWorkflow()
    _ = erasedOperation

    let countdown = CountdownWorker(from: 2)
    let sequence: CountdownWorker.Sequence = countdown.run()
    for await value in sequence {
        _ = value
    }
    _ = countdown.isEquivalent(to: CountdownWorker(from: 2))
    let erasedCountdown: AnyWorkflow<Void, Int> = countdown.asAnyWorkflow()
    _ = erasedCountdown

    // The primary associated types.
    let someWorker: any Worker<String> = worker
    let someSequenceWorker: any AsyncSequenceWorker<Int> = countdown
    _ = (someWorker, someSequenceWorker)
}

#if swift(>=6)  // a Swift 6 client runs hosts and testers on the main actor
@MainActor
#endif
private func expectWorkerSurface() {
    ConcurrencyAPIParent(userID: 1)
        .renderTester()
        .expectWorker(LoadProfileWorker(userID: 1), mockingOutput: "user 1", key: "profile")
        .expectWorker(TickWorker(interval: 1))
        .expectWorker(AsyncOperationWorker { 0 }, mockingOutput: 42, key: "answer", file: #file, line: #line)
        .render { rendering in
            XCTAssertEqual(rendering, "")
        }
        .assertNoOutput()
}

@available(*, deprecated, message: "uses the deprecated spelling on purpose")
#if swift(>=6)  // a Swift 6 client runs hosts and testers on the main actor
@MainActor
#endif
private func deprecatedExpectSurface() {
    ConcurrencyAPIParent(userID: 1)
        .renderTester()
        .expect(worker: LoadProfileWorker(userID: 1), producingOutput: "user 1", key: "profile")
        .expect(worker: TickWorker(interval: 1), file: #file, line: #line)
        .expect(worker: AsyncOperationWorker { 0 }, key: "answer")
        .render { _ in }
}

// MARK: A test, so the target runs

#if swift(>=6)  // a Swift 6 client runs hosts and testers on the main actor
@MainActor
#endif
@Suite("WorkflowConcurrency API compatibility")
struct WorkflowConcurrencyAPITests {
    @Test("a render test of a workflow with workers, written the upstream way, passes")
    func upstreamStyleWorkerTestPasses() {
        ConcurrencyAPIParent(userID: 5)
            .renderTester()
            .expectWorker(LoadProfileWorker(userID: 5), mockingOutput: "user 5", key: "profile")
            .expectWorker(TickWorker(interval: 1))
            .expectWorker(AsyncOperationWorker { 0 }, key: "answer")
            .render { rendering in
                #expect(rendering == "")
            }
            .assert(action: ConcurrencyAPIParent.Action.loaded("user 5"))
            .assert(state: ConcurrencyAPIParent.State(profile: "user 5"))
    }
}
