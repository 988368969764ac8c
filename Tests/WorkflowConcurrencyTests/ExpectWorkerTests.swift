import Testing
import Workflow
import WorkflowConcurrency
import WorkflowConcurrencyTesting
import WorkflowTesting
import TestSupport

// T10: `expectWorker` expects the worker's `WorkerWorkflow` child, mocks its
// output through the parent's real output mapping, and reports a worker
// that is not equivalent, missing or unexpected.

@Suite("RenderTester.expectWorker (T10)")
struct ExpectWorkerTests {
    @Test("T10: an equivalent worker satisfies the expectation; without a mocked output the state is unchanged")
    func equivalentWorkerPasses() {
        SearchWorkflow()
            .renderTester(initialState: .init(query: "cats"))
            .expectWorker(SearchWorker(query: "cats"))
            .render { rendering in
                #expect(rendering == "")
            }
            .assertNoAction()
            .assert(state: .init(query: "cats"))
    }

    @Test("T10: the mocked output goes through the parent's output mapping during the render (T3)")
    func mockedOutputUpdatesState() {
        SearchWorkflow()
            .renderTester(initialState: .init(query: "cats"))
            .expectWorker(SearchWorker(query: "cats"), mockingOutput: "three cats")
            .render { rendering in
                // The render already returned when the output was applied.
                #expect(rendering == "")
            }
            .assert(state: .init(query: "cats", result: "three cats"))
    }

    @Test("T10: a worker under a key is expected under that key")
    func keyedWorker() {
        SearchWorkflow(workerKey: "search")
            .renderTester(initialState: .init(query: "cats"))
            .expectWorker(SearchWorker(query: "cats"), mockingOutput: "one cat", key: "search")
            .render { _ in }
            .assert(state: .init(query: "cats", result: "one cat"))
    }

    @Test("T10: a worker that is not equivalent is reported with both workers")
    func nonEquivalentWorkerFails() {
        let tester = SearchWorkflow()
            .renderTester(initialState: .init(query: "cats"))
            .expectWorker(SearchWorker(query: "dogs"))
        expectIssues([#"Workers of type SearchWorker not equivalent. Expected: SearchWorker(query: "dogs"). Got: SearchWorker(query: "cats")"#]) {
            tester.render { _ in }
        }
    }

    @Test("T10: an Equatable worker is compared with ==")
    func equatableWorker() {
        SearchWorkflow(pingID: 7)
            .renderTester()
            .expectWorker(PingWorker(id: 7))
            .render { _ in }

        let tester = SearchWorkflow(pingID: 7)
            .renderTester()
            .expectWorker(PingWorker(id: 8))
        expectIssues(["Workers of type PingWorker not equivalent. Expected: PingWorker(id: 8). Got: PingWorker(id: 7)"]) {
            tester.render { _ in }
        }
    }

    @Test("T10, T7: an expected worker that does not run is reported as a missing child")
    func missingWorkerFails() {
        let tester = SearchWorkflow()
            .renderTester()
            .expectWorker(SearchWorker(query: "cats"))
        expectIssues([#"Expected child workflow of type: WorkerWorkflow<SearchWorker>, key: """#]) {
            tester.render { _ in }
        }
    }

    @Test("T10, T2: a worker nobody expected is reported as an unexpected child, and the render goes on")
    func unexpectedWorkerFails() {
        let tester = SearchWorkflow()
            .renderTester(initialState: .init(query: "cats", result: "old"))
        expectIssues([#"Attempted to render unexpected Workflow of type WorkerWorkflow<SearchWorker> with key """#]) {
            tester.render { rendering in
                #expect(rendering == "old")
            }
        }
    }

    @Test("T10, T2: a worker run under another key than expected is both unexpected and missing")
    func wrongKeyFails() {
        let tester = SearchWorkflow(workerKey: "search")
            .renderTester(initialState: .init(query: "cats"))
            .expectWorker(SearchWorker(query: "cats"))
        expectIssues([
            #"Attempted to render unexpected Workflow of type WorkerWorkflow<SearchWorker> with key "search". Expecting key ""."#,
            #"Expected child workflow of type: WorkerWorkflow<SearchWorker>, key: """#,
        ]) {
            tester.render { _ in }
        }
    }

    @Test("T10, WK4: any AsyncOperationWorker is equivalent to the expected one")
    func asyncOperationWorker() {
        OperationUser()
            .renderTester()
            .expectWorker(AsyncOperationWorker { 0 }, mockingOutput: 42, key: "answer")
            .render { _ in }
            .assert(state: 42)
    }

    @available(*, deprecated, message: "checks the deprecated spelling")
    @Test("T10: the deprecated expect(worker:producingOutput:key:) expects the same way")
    func deprecatedSpelling() {
        SearchWorkflow()
            .renderTester(initialState: .init(query: "cats"))
            .expect(worker: SearchWorker(query: "cats"), producingOutput: "two cats")
            .render { _ in }
            .assert(state: .init(query: "cats", result: "two cats"))

        let tester = SearchWorkflow()
            .renderTester(initialState: .init(query: "cats"))
            .expect(worker: SearchWorker(query: "dogs"))
        expectIssues(["Workers of type SearchWorker not equivalent."]) {
            tester.render { _ in }
        }
    }
}
