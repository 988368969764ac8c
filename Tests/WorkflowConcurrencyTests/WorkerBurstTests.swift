import Dispatch
import Testing
@_spi(WorkflowRuntimeConfig) import Workflow
import WorkflowConcurrency
@_spi(WorkflowRuntimeConfig) import WorkflowHostHarness
import TestSupport

// B1: the outputs a worker delivers in one turn of the main queue make one
// burst on a host that renders bursts once: one render pass, one published
// rendering; off, one of each per output.

/// Iterates a feed whose batches are each taken in one turn of the main
/// queue, as a socket's would be.
struct BatchWorker: AsyncSequenceWorker {
    let batches: BatchFeed<String>

    func run() -> BatchFeed<String> { batches }

    func isEquivalent(to otherWorker: BatchWorker) -> Bool { batches === otherWorker.batches }
}

/// Keeps every element its worker delivered, in order.
struct BatchParent: Workflow {
    let batches: BatchFeed<String>

    func makeInitialState() -> [String] { [] }

    func render(state: [String], context: RenderContext<BatchParent>) -> [String] {
        BatchWorker(batches: batches).rendered(in: context, key: "batches") { element in
            AnyWorkflowAction<BatchParent> { state in
                state.append(element)
                return nil
            }
        }
        return state
    }
}

/// Lets the main queue run the blocks it holds now, `turns` times over.
@MainActor
private func turnsPass(_ turns: Int = 3) async {
    for _ in 0..<turns {
        await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
            DispatchQueue.main.async { done.resume() }
        }
    }
}

@MainActor
@Suite("Workers: bursts rendered once (B1)")
struct WorkerBurstTests {
    @Test("B1: a worker's elements delivered in one turn of the main queue reach the parent in order, in one burst; off, one cascade each", arguments: RuntimeKind.allCases)
    func batchMakesOneBurst(kind: RuntimeKind) async {
        for on in [true, false] {
            let batches = BatchFeed<String>()
            let host = TestHost(kind, BatchParent(batches: batches), configure: { $0.conflateStaleRenderings = on })
            host.recordRenderings()
            await turnsPass()
            batches.send(["a", "b", "c"])
            await turnsPass()
            #expect(host.rendering == ["a", "b", "c"])
            batches.send(["d"])
            await turnsPass()
            #expect(host.rendering == ["a", "b", "c", "d"])
            #expect(host.publishedRenderings == (on
                ? [["a", "b", "c"], ["a", "b", "c", "d"]]
                : [["a"], ["a", "b"], ["a", "b", "c"], ["a", "b", "c", "d"]]))
            batches.finish()
            await turnsPass()
        }
    }
}
