import TestSupport
import Testing
import Workflow
import WorkflowTesting

private struct CheckFailed: Error {}

/// A render that applied `TapCounter.Action.noop(10)`: an action, no output,
/// state unchanged at 4.
private func renderWithNoop() -> RenderTesterResult<TapCounter> {
    TapCounter()
        .renderTester(initialState: 4)
        .render { $0.actions.send(.noop(10)) }
}

/// A render that applied `.finish("x")`: an action and an output.
private func renderWithOutput() -> RenderTesterResult<TapCounter> {
    TapCounter()
        .renderTester(initialState: 4)
        .render { $0.actions.send(.finish("x")) }
}

/// A render that applied nothing.
private func quietRender() -> RenderTesterResult<TapCounter> {
    TapCounter()
        .renderTester(initialState: 4)
        .render { _ in }
}

@Suite("RenderTesterResult: checks and their failures")
struct RenderTesterResultTests {
    // MARK: render

    @Test("T9: render rethrows what its assertions throw")
    func renderRethrows() {
        #expect(throws: CheckFailed.self) {
            try TapCounter().renderTester().render { _ in throw CheckFailed() }
        }
    }

    // MARK: verifyState

    @Test("T9: verifyState passes the state to its assertions and rethrows")
    func verifyState() throws {
        var seen: Int?
        renderWithNoop().verifyState { seen = $0 }
        #expect(seen == 4)
        #expect(throws: CheckFailed.self) {
            try renderWithNoop().verifyState { _ in throw CheckFailed() }
        }
    }

    @Test("T9: a failure inside verifyState's assertions fails the test")
    func verifyStateFailure() {
        expectIssue("my own state check") {
            renderWithNoop().verifyState { state in
                if state != 5 { Issue.record("my own state check") }
            }
        }
    }

    // MARK: assertNoAction

    @Test("T9: assertNoAction passes when no action was applied")
    func assertNoActionPasses() {
        quietRender().assertNoAction()
    }

    @Test("T9: assertNoAction fails with the action it got")
    func assertNoActionFails() {
        expectIssue("Expected no action, but got noop(10).") {
            renderWithNoop().assertNoAction()
        }
    }

    // MARK: verifyAction

    @Test("T9: verifyAction passes the action to its assertions and rethrows")
    func verifyAction() {
        var seen: TapCounter.Action?
        renderWithNoop().verifyAction { (action: TapCounter.Action) in seen = action }
        #expect(seen == .noop(10))
        renderWithNoop().verifyAction(type: TapCounter.Action.self) { #expect($0 == .noop(10)) }
        #expect(throws: CheckFailed.self) {
            try renderWithNoop().verifyAction { (_: TapCounter.Action) in throw CheckFailed() }
        }
    }

    @Test("T9: verifyAction fails when no action was produced, without calling its assertions")
    func verifyActionWithoutAction() {
        var called = false
        expectIssue("No action was produced") {
            quietRender().verifyAction { (_: TapCounter.Action) in called = true }
        }
        #expect(!called)
    }

    @Test("T9: verifyAction fails when the action has another type")
    func verifyActionWrongType() {
        var called = false
        expectIssue("Expected action of type AnyWorkflowAction<TapCounter>, got noop(10)") {
            renderWithNoop().verifyAction(type: AnyWorkflowAction<TapCounter>.self) { _ in called = true }
        }
        #expect(!called)
    }

    @Test("T9: a failure inside verifyAction's assertions fails the test")
    func verifyActionFailure() {
        expectIssue("my own action check") {
            renderWithNoop().verifyAction { (action: TapCounter.Action) in
                if action != .tap { Issue.record("my own action check") }
            }
        }
    }

    // MARK: assert(action:)

    @Test("T9: assert(action:) passes for an equal action")
    func assertActionPasses() {
        renderWithNoop().assert(action: TapCounter.Action.noop(10))
    }

    @Test("T9: assert(action:) fails with a CustomDump diff")
    func assertActionFails() {
        expectIssue("""
        Action (First) does not match the expected action (Second) - Difference: …

          − TapCounter.Action.noop(10)
          + TapCounter.Action.noop(70)

        (First: −, Second: +)
        """) {
            renderWithNoop().assert(action: TapCounter.Action.noop(70))
        }
    }

    @Test("T9: assert(action:) fails when no action was produced")
    func assertActionWithoutAction() {
        expectIssue("No action was produced") {
            quietRender().assert(action: TapCounter.Action.noop(1))
        }
    }

    // MARK: assertNoOutput

    @Test("T9: assertNoOutput passes when there was no output")
    func assertNoOutputPasses() {
        renderWithNoop().assertNoOutput()
    }

    @Test("T9: assertNoOutput fails with the output it got")
    func assertNoOutputFails() {
        expectIssue("Expected no output, but got finished: x.") {
            renderWithOutput().assertNoOutput()
        }
    }

    // MARK: verifyOutput

    @Test("T9: verifyOutput passes the output to its assertions and rethrows")
    func verifyOutput() {
        var seen: String?
        renderWithOutput().verifyOutput { seen = $0 }
        #expect(seen == "finished: x")
        #expect(throws: CheckFailed.self) {
            try renderWithOutput().verifyOutput { _ in throw CheckFailed() }
        }
    }

    @Test("T9: verifyOutput fails when there was no output, without calling its assertions")
    func verifyOutputWithoutOutput() {
        var called = false
        expectIssue("No output was produced") {
            renderWithNoop().verifyOutput { _ in called = true }
        }
        #expect(!called)
    }

    // MARK: assert(output:)

    @Test("T9: assert(output:) passes for an equal output")
    func assertOutputPasses() {
        renderWithOutput().assert(output: "finished: x")
    }

    @Test("T9: assert(output:) fails with a CustomDump diff")
    func assertOutputFails() {
        expectIssue("""
        Output (First) does not match the expected output (Second) - Difference: …

          − "finished: x"
          + "nope"

        (First: −, Second: +)
        """) {
            renderWithOutput().assert(output: "nope")
        }
    }

    @Test("T9: assert(output:) fails when there was no output")
    func assertOutputWithoutOutput() {
        expectIssue("No output was produced") {
            quietRender().assert(output: "anything")
        }
    }

    // MARK: assert(state:)

    @Test("T9: assert(state:) passes for an equal state")
    func assertStatePasses() {
        renderWithNoop().assert(state: 4)
    }

    @Test("T9: assert(state:) fails with a CustomDump diff")
    func assertStateFails() {
        expectIssue("""
        State (First) does not match the expected state (Second) - Difference: …

          − 4
          + 5

        (First: −, Second: +)
        """) {
            renderWithNoop().assert(state: 5)
        }
    }

    @Test("T9: a structured state's diff shows only the lines that differ")
    func assertStateDiffOfStructure() {
        // CustomDump marks unchanged lines with a figure space.
        let same = "\u{2007}"
        expectIssue("""
        State (First) does not match the expected state (Second) - Difference: …

          \(same) ChildAskingWorkflow.State(
          \(same)   log: [
          \(same)     [0]: "greeted ada",
          +     [1]: "extra"
          \(same)   ]
          \(same) )

        (First: −, Second: +)
        """) {
            ChildAskingWorkflow(requests: [.greeting("ada")])
                .renderTester()
                .expectWorkflow(type: GreetingChild.self, producingRendering: "", producingOutput: .greeted("ada"))
                .render { _ in }
                .assert(state: .init(log: ["greeted ada", "extra"]))
        }
    }

    // MARK: assertStateModifications

    @Test("T9: assertStateModifications starts from the tester's initial state")
    func assertStateModificationsPasses() {
        TapCounter(step: 5)
            .renderTester(initialState: 4)
            .render { $0.actions.send(.tap) }
            .assertStateModifications { $0 += 5 }
        ChildAskingWorkflow(requests: [.greeting("ada")])
            .renderTester(initialState: .init(log: ["start"]))
            .expectWorkflow(type: GreetingChild.self, producingRendering: "", producingOutput: .greeted("ada"))
            .render { _ in }
            .assertStateModifications { $0.log.append("greeted ada") }
    }

    @Test("T9: assertStateModifications fails with a CustomDump diff")
    func assertStateModificationsFails() {
        expectIssue("""
        State (First) does not match the expected state (Second) - Difference: …

          − 4
          + 14

        (First: −, Second: +)
        """) {
            renderWithNoop().assertStateModifications { $0 += 10 }
        }
    }

    @Test("T9: assertStateModifications rethrows what its closure throws")
    func assertStateModificationsRethrows() {
        #expect(throws: CheckFailed.self) {
            try renderWithNoop().assertStateModifications { _ in throw CheckFailed() }
        }
    }

    // MARK: Chaining

    @Test("T9: every check returns the result, so checks chain")
    func checksChain() {
        renderWithOutput()
            .verifyState { #expect($0 == 4) }
            .verifyAction { (action: TapCounter.Action) in #expect(action == .finish("x")) }
            .assert(action: TapCounter.Action.finish("x"))
            .verifyOutput { #expect($0 == "finished: x") }
            .assert(output: "finished: x")
            .assert(state: 4)
            .assertStateModifications { _ in }
    }
}
