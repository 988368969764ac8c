#if canImport(Combine)
import Combine
#else
import OpenCombine
#endif
import Testing
import Workflow
import WorkflowCombine
import WorkflowCombineTesting
import WorkflowTesting
import TestSupport

// T10 for WorkflowCombine: `expectWorker` expects a worker's
// `WorkerWorkflow` child; `expectPublisher(producingOutput:key:)` and
// `expect(publisher:producingOutput:key:)` a publisher's workflow. A mocked
// output goes through the parent's real output mapping (T3).

@Suite("WorkflowCombineTesting (T10)")
struct ExpectWorkerTests {
    @Test("T10: an equivalent worker satisfies the expectation; a mocked output updates the state (T3)")
    func equivalentWorker() {
        FeedWorkflow()
            .renderTester(initialState: .init(topic: "news"))
            .expectWorker(SubjectWorker(name: "news", subject: .init(), probe: Probe()), mockingOutput: "headline")
            .render { rendering in
                #expect(rendering == "")
            }
            .assert(state: .init(topic: "news", last: "headline"))

        FeedWorkflow(workerKey: "feed")
            .renderTester(initialState: .init(topic: "news"))
            .expectWorker(SubjectWorker(name: "news", subject: .init(), probe: Probe()), key: "feed")
            .render { _ in }
            .assertNoAction()
    }

    @Test("T10: a worker that is not equivalent is reported")
    func nonEquivalentWorker() {
        let tester = FeedWorkflow()
            .renderTester(initialState: .init(topic: "news"))
            .expectWorker(SubjectWorker(name: "sports", subject: .init(), probe: Probe()))
        expectIssues(["Workers of type SubjectWorker not equivalent."]) {
            tester.render { _ in }
        }
    }

    @Test("T10, T7, T2: a missing worker and an unexpected one are reported as children")
    func missingAndUnexpectedWorkers() {
        let missing = FeedWorkflow()
            .renderTester()
            .expectWorker(SubjectWorker(name: "news", subject: .init(), probe: Probe()))
        expectIssues([#"Expected child workflow of type: WorkerWorkflow<SubjectWorker>, key: """#]) {
            missing.render { _ in }
        }
        let unexpected = FeedWorkflow()
            .renderTester(initialState: .init(topic: "news"))
        expectIssues([#"Attempted to render unexpected Workflow of type WorkerWorkflow<SubjectWorker> with key """#]) {
            unexpected.render { _ in }
        }
    }

    @available(*, deprecated, message: "checks the deprecated spelling")
    @Test("T10: the deprecated expect(worker:producingOutput:key:) expects the same way")
    func deprecatedSpelling() {
        FeedWorkflow()
            .renderTester(initialState: .init(topic: "news"))
            .expect(worker: SubjectWorker(name: "news", subject: .init(), probe: Probe()), producingOutput: "flash")
            .render { _ in }
            .assert(state: .init(topic: "news", last: "flash"))
    }

    @Test("T10: expectPublisher(producingOutput:key:) expects a publisher by its output type, whatever its own type")
    func expectPublisherByOutput() {
        FeedWorkflow(ticks: Just(1).eraseToAnyPublisher())
            .renderTester()
            .expectPublisher(producingOutput: 3, key: "ticks")
            .render { _ in }
            .assert(state: .init(last: "tick 3"))

        FeedWorkflow(ticks: Just(1).eraseToAnyPublisher())
            .renderTester()
            .expectPublisher(producingOutput: Int?.none, key: "ticks")
            .render { _ in }
            .assertNoAction()

        let wrongOutput = FeedWorkflow(ticks: Just(1).eraseToAnyPublisher())
            .renderTester()
            .expectPublisher(producingOutput: "3", key: "ticks")
        expectIssues([
            #"Attempted to render unexpected Workflow of type PublisherWorkflow<Int> with key "ticks""#,
            #"Expected child workflow of type: PublisherWorkflow<String>, key: "ticks""#,
        ]) {
            wrongOutput.render { _ in }
        }
    }

    @Test("T10: expect(publisher:producingOutput:key:) expects a publisher named by its type")
    func expectPublisherByType() {
        FeedWorkflow(ticks: Just(1).eraseToAnyPublisher())
            .renderTester()
            .expect(publisher: Just<Int>.self, producingOutput: 7, key: "ticks")
            .render { _ in }
            .assert(state: .init(last: "tick 7"))

        let missing = FeedWorkflow()
            .renderTester()
            .expect(publisher: Just<Int>.self, key: "ticks")
        expectIssues([#"Expected child workflow of type: PublisherWorkflow<Int>, key: "ticks""#]) {
            missing.render { _ in }
        }
    }
}
