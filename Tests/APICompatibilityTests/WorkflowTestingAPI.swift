import Testing
import Workflow
import WorkflowTesting
import XCTest

// Every public declaration of WorkflowTesting, used the way tests written
// against upstream's WorkflowTesting use it: trailing `assertions:` closures,
// default keys, discarded results, chains. The functions below only need to
// compile; the one test at the end runs a small chain to keep the target
// honest.

// MARK: Workflows under test

private struct TestingAPIChild: Workflow {
    var title: String

    typealias State = Void

    enum Output: Equatable {
        case picked(Int)
    }

    func render(state: Void, context: RenderContext<TestingAPIChild>) -> String {
        title
    }
}

private struct TestingAPIWorker: Workflow {
    typealias State = Void
    typealias Output = Never

    func render(state: Void, context: RenderContext<TestingAPIWorker>) {}
}

private struct TestingAPIParent: Workflow {
    var prop: Int

    struct State: Equatable {
        var picked: Int?
        var flag = false
    }

    enum Output: Equatable {
        case done
    }

    func makeInitialState() -> State {
        State()
    }

    enum Action: WorkflowAction, Equatable {
        typealias WorkflowType = TestingAPIParent

        case pick(Int)
        case finish

        func apply(toState state: inout State, context: ApplyContext<TestingAPIParent>) -> Output? {
            switch self {
            case let .pick(value):
                state.picked = value + context[workflowValue: \.prop]
                return nil
            case .finish:
                return .done
            }
        }
    }

    struct Screen {
        var title: String
        var onFinish: () -> Void
    }

    func render(state: State, context: RenderContext<TestingAPIParent>) -> Screen {
        let title = TestingAPIChild(title: "child")
            .rendered(in: context) { output -> Action in
                switch output {
                case let .picked(value): .pick(value)
                }
            }
        TestingAPIWorker().ignoringOutput().rendered(in: context, key: "quiet")
        context.runSideEffect(key: "effect") { _ in }
        context.runSideEffect(key: 7) { _ in }
        let sink = context.makeSink(of: Action.self)
        return Screen(title: title, onFinish: { sink.send(.finish) })
    }
}

private struct TestingAPIError: Error {}

// MARK: RenderTester

#if swift(>=6)  // a Swift 6 client runs hosts and testers on the main actor
@MainActor
#endif
private func renderTesterEntryPoints() {
    let fromInitialState: RenderTester<TestingAPIParent> = TestingAPIParent(prop: 1).renderTester()
    let fromGivenState: RenderTester<TestingAPIParent> = TestingAPIParent(prop: 1)
        .renderTester(initialState: TestingAPIParent.State(picked: 3))
    _ = (fromInitialState, fromGivenState)
}

#if swift(>=6)  // a Swift 6 client runs hosts and testers on the main actor
@MainActor
#endif
private func renderTesterExpectations() {
    TestingAPIParent(prop: 1)
        .renderTester()
        .expectWorkflow(type: TestingAPIChild.self, producingRendering: "mock")
        .expectWorkflow(
            type: TestingAPIChild.self,
            key: "other",
            producingRendering: "mock",
            producingOutput: .picked(2)
        )
        .expectWorkflow(
            type: TestingAPIChild.self,
            key: "third",
            producingRendering: "mock",
            producingOutput: nil,
            file: #file,
            line: #line
        ) { child in
            XCTAssertEqual(child.title, "child")
        }
        .expectWorkflow(type: TestingAPIChild.self, key: "fourth", producingRendering: "mock", assertions: { _ in })
        .expectWorkflowIgnoringOutput(type: TestingAPIWorker.self, key: "quiet", producingRendering: ())
        .expectWorkflowIgnoringOutput(type: TestingAPIWorker.self, producingRendering: ()) { worker in
            _ = worker
        }
        .expectWorkflowIgnoringOutput(type: TestingAPIWorker.self, key: "q", producingRendering: (), file: #file, line: #line)
        .expectSideEffect(key: "effect")
        .expectSideEffect(key: 7, file: #file, line: #line)
        .expectSideEffect(key: "acting", producingAction: TestingAPIParent.Action.pick(1))
        .expectSideEffect(key: "acting", producingAction: TestingAPIParent.Action.finish, file: #file, line: #line)
        .render { screen in
            XCTAssertEqual(screen.title, "mock")
            screen.onFinish()
        }
}

#if swift(>=6)  // a Swift 6 client runs hosts and testers on the main actor
@MainActor
#endif
private func renderVariants() throws {
    let tester = TestingAPIParent(prop: 1).renderTester()

    tester.render { _ in }
    tester.render(file: #file, line: #line) { _ in }
    tester.render(assertions: { _ in })
    let result: RenderTesterResult<TestingAPIParent> = tester.render { _ in }
    _ = result

    try tester.render { screen in
        guard screen.title == "mock" else { throw TestingAPIError() }
    }
    try tester.render(file: #file, line: #line) { _ in throw TestingAPIError() }
}

// MARK: RenderTesterResult

#if swift(>=6)  // a Swift 6 client runs hosts and testers on the main actor
@MainActor
#endif
private func resultChecks() throws {
    let result = TestingAPIParent(prop: 1).renderTester().render { $0.onFinish() }

    result
        .verifyState { state in
            XCTAssertNil(state.picked)
        }
        .verifyState(file: #file, line: #line) { _ in }
        .assertNoAction()
        .assertNoAction(file: #file, line: #line)
        .verifyAction { (action: TestingAPIParent.Action) in
            XCTAssertEqual(action, .finish)
        }
        .verifyAction(type: TestingAPIParent.Action.self) { action in
            XCTAssertEqual(action, .finish)
        }
        .verifyAction(type: AnyWorkflowAction<TestingAPIParent>.self, file: #file, line: #line) { _ in }
        .assert(action: TestingAPIParent.Action.finish)
        .assert(action: TestingAPIParent.Action.finish, file: #file, fileID: #fileID, line: #line, column: #column)
        .assertNoOutput()
        .assertNoOutput(file: #file, line: #line)
        .verifyOutput { output in
            XCTAssertEqual(output, .done)
        }
        .verifyOutput(file: #file, line: #line) { _ in }
        .assert(state: TestingAPIParent.State())
        .assert(state: TestingAPIParent.State(), file: #file, fileID: #fileID, line: #line, column: #column)
        .assertStateModifications { state in
            state.flag = false
        }
        .assertStateModifications(file: #file, fileID: #fileID, line: #line, column: #column) { _ in }
        .assert(output: .done)
        .assert(output: TestingAPIParent.Output.done, file: #file, fileID: #fileID, line: #line, column: #column)

    try result.verifyState { _ in throw TestingAPIError() }
    try result.verifyAction { (_: TestingAPIParent.Action) in throw TestingAPIError() }
    try result.verifyOutput { _ in throw TestingAPIError() }
    try result.assertStateModifications { _ in throw TestingAPIError() }
}

// MARK: WorkflowActionTester

#if swift(>=6)  // a Swift 6 client runs hosts and testers on the main actor
@MainActor
#endif
private func actionTester() throws {
    let tester: WorkflowActionTester<TestingAPIParent, TestingAPIParent.Action> = TestingAPIParent.Action
        .tester(withState: TestingAPIParent.State())
    let withWorkflow = TestingAPIParent.Action.tester(withState: .init(), workflow: TestingAPIParent(prop: 2))
    let withNilWorkflow = TestingAPIParent.Action.tester(withState: .init(), workflow: nil)
    _ = (withWorkflow, withNilWorkflow)

    tester
        .send(action: .pick(1))
        .send(action: .finish)
        .assertNoOutput()
        .assertNoOutput(file: #file, line: #line)
        .verifyOutput { output in
            XCTAssertEqual(output, .done)
        }
        .verifyOutput(file: #file, line: #line) { _ in }
        .verifyState { state in
            XCTAssertEqual(state.picked, 1)
        }
        .assert(state: TestingAPIParent.State(picked: 1))
        .assert(state: TestingAPIParent.State(picked: 1), file: #file, line: #line)
        .assert(output: .done)
        .assert(output: .done, file: #file, line: #line)

    tester.send(action: .finish)

    try tester.verifyState { _ in throw TestingAPIError() }
    try tester.verifyOutput { _ in throw TestingAPIError() }
}

// MARK: A test, so the target runs

#if swift(>=6)  // a Swift 6 client runs hosts and testers on the main actor
@MainActor
#endif
@Suite("WorkflowTesting API compatibility")
struct WorkflowTestingAPITests {
    @Test("a render test and an action test written the upstream way pass")
    func upstreamStyleTestsPass() {
        TestingAPIParent(prop: 10)
            .renderTester()
            .expectWorkflow(type: TestingAPIChild.self, producingRendering: "mock", producingOutput: .picked(5)) { child in
                #expect(child.title == "child")
            }
            .expectWorkflowIgnoringOutput(type: TestingAPIWorker.self, key: "quiet", producingRendering: ())
            .expectSideEffect(key: "effect")
            .expectSideEffect(key: 7)
            .render { screen in
                #expect(screen.title == "mock")
            }
            .assert(action: TestingAPIParent.Action.pick(5))
            .assertStateModifications { $0.picked = 15 }
            .assertNoOutput()

        TestingAPIParent.Action
            .tester(withState: .init(), workflow: TestingAPIParent(prop: 1))
            .send(action: .pick(1))
            .assert(state: .init(picked: 2))
            .send(action: .finish)
            .assert(output: .done)
    }
}
