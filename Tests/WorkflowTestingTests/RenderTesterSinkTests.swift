import TestSupport
import Testing
import Workflow
import WorkflowTesting

@Suite("RenderTester: sinks and actions")
struct RenderTesterSinkTests {
    // MARK: T5

    @Test("T5: a sink called from the render's assertions applies its action at once")
    func sinkInAssertions() {
        var countAfterSend: Int?
        TapCounter(step: 3)
            .renderTester(initialState: 10)
            .render { screen in
                screen.actions.send(.tap)
                countAfterSend = screen.count
            }
            .assert(action: TapCounter.Action.tap)
            .assert(state: 13)
            .assertNoOutput()
        // The rendering itself was made before the action.
        #expect(countAfterSend == 10)
    }

    @Test("T5: a sink may be called while the workflow renders; the action is applied then")
    func sinkDuringRender() {
        TapCounter(step: 2, actionsSentDuringRender: [.tap])
            .renderTester(initialState: 0)
            .render { #expect($0.count == 0) }
            .assert(action: TapCounter.Action.tap)
            .assert(state: 2)
    }

    @Test("T5: the output sink sends the workflow's output")
    func outputSink() {
        TapCounter()
            .renderTester()
            .render { $0.outputs.send("done") }
            .assert(output: "done")
            .assert(state: 0)
            .verifyAction { (action: AnyWorkflowAction<TapCounter>) in
                #expect(action.isClosureBased)
            }
    }

    @Test("T5: the state mutation sink changes the tester's state")
    func stateMutationSink() {
        TapCounter()
            .renderTester(initialState: 1)
            .render { $0.mutations.send(\.self, value: 40) }
            .assert(state: 40)
            .assertNoOutput()
    }

    @Test("T5: a closure action sees the tester's state and its ApplyContext")
    func closureAction() {
        TapCounter(step: 6)
            .renderTester(initialState: 1)
            .render { screen in
                screen.closures.send(AnyWorkflowAction { state, context in
                    state *= context[workflowValue: \.step]
                    return "multiplied"
                })
            }
            .assert(state: 6)
            .assert(output: "multiplied")
    }

    // MARK: T8 (render tester)

    @Test("T8: an action applied by the render tester reads the tester's workflow value")
    func applyContextReadsTesterWorkflow() {
        TapCounter(step: 25)
            .renderTester(initialState: 0)
            .render { $0.actions.send(.tap) }
            .assert(state: 25)
    }

    // MARK: T6

    @Test("T6: a second action and a second output are reported; the last action is the one kept")
    func twoActions() {
        let result = expectIssues([
            "Received multiple actions in a single render test",
            "Received multiple outputs in a single render test",
        ]) {
            TapCounter()
                .renderTester()
                .render { screen in
                    screen.actions.send(.finish("first"))
                    screen.actions.send(.finish("second"))
                }
        }
        result
            .assert(action: TapCounter.Action.finish("second"))
            .assert(output: "finished: second")
    }

    @Test("T6: a second action without an output reports only the multiple actions")
    func twoActionsOneOutput() {
        expectIssue("Received multiple actions in a single render test") {
            TapCounter()
                .renderTester()
                .render { screen in
                    screen.actions.send(.finish("only output"))
                    screen.actions.send(.noop(1))
                }
        }
        .assert(action: TapCounter.Action.noop(1))
        .assert(output: "finished: only output")
    }

    @Test("T6: an action sent during render and another sent from the assertions are two actions")
    func actionsDuringAndAfterRender() {
        expectIssue("Received multiple actions in a single render test") {
            TapCounter(actionsSentDuringRender: [.tap])
                .renderTester()
                .render { $0.actions.send(.tap) }
        }
        .assert(state: 2)
    }

    @Test("T6: two mocked child outputs are two actions; both are applied, the last is kept")
    func twoMockedChildOutputs() {
        expectIssue("Received multiple actions in a single render test") {
            ChildAskingWorkflow(requests: [.greeting("a"), .greeting("b", key: "b")])
                .renderTester()
                .expectWorkflow(type: GreetingChild.self, producingRendering: "", producingOutput: .greeted("a"))
                .expectWorkflow(type: GreetingChild.self, key: "b", producingRendering: "", producingOutput: .greeted("b"))
                .render { _ in }
        }
        .assert(action: ChildAskingWorkflow.Action.greeted("b"))
        .assert(state: .init(log: ["greeted a", "greeted b"]))
    }
}
