import TestSupport
import Testing
import Workflow
@testable import WorkflowTesting

private struct CheckFailed: Error {}

@Suite("WorkflowActionTester")
struct WorkflowActionTesterTests {
    @Test("tester(withState:) starts from the state with no output")
    func startsFromState() {
        let tester = Thermostat.Action.tester(withState: 18)
        #expect(tester.state == 18)
        #expect(tester.output == nil)
    }

    @Test("send(action:) applies the action to the current state; sends chain from the state left")
    func sendApplies() {
        let tester = Thermostat.Action
            .tester(withState: 18)
            .send(action: .warm(by: 2))
            .send(action: .warm(by: 3))
        #expect(tester.state == 23)
        #expect(tester.output == nil)
        tester
            .verifyState { #expect($0 == 23) }
            .assert(state: 23)
            .assertNoOutput()
    }

    @Test("each send starts from its own tester: the original tester is unchanged")
    func testersAreValues() {
        let start = Thermostat.Action.tester(withState: 0)
        start.send(action: .warm(by: 1))
        #expect(start.state == 0)
    }

    @Test("the output is the last action's only")
    func outputIsLastActions() {
        let reported = Thermostat.Action.tester(withState: 5).send(action: .report)
        #expect(reported.output == .reading("5"))
        let afterward = reported.send(action: .warm(by: 1))
        #expect(afterward.output == nil)
    }

    // MARK: State

    @Test("T9: verifyState rethrows")
    func verifyStateRethrows() {
        #expect(throws: CheckFailed.self) {
            try Thermostat.Action.tester(withState: 0).verifyState { _ in throw CheckFailed() }
        }
    }

    @Test("T9: assert(state:) fails with a CustomDump diff")
    func assertStateFails() {
        expectIssue("""
        Difference: …

          − 21
          + 22

        (First: −, Second: +)
        """) {
            Thermostat.Action
                .tester(withState: 20)
                .send(action: .warm(by: 1))
                .assert(state: 22)
        }
    }

    // MARK: Output

    @Test("T9: verifyOutput passes the output and rethrows")
    func verifyOutput() {
        var seen: Thermostat.Output?
        Thermostat.Action
            .tester(withState: 7)
            .send(action: .report)
            .verifyOutput { seen = $0 }
            .assert(output: .reading("7"))
        #expect(seen == .reading("7"))
        #expect(throws: CheckFailed.self) {
            try Thermostat.Action.tester(withState: 7).send(action: .report).verifyOutput { _ in throw CheckFailed() }
        }
    }

    @Test("T9: verifyOutput fails when there was no output, without calling its closure")
    func verifyOutputWithoutOutput() {
        var called = false
        expectIssue("No output was produced") {
            Thermostat.Action
                .tester(withState: 7)
                .send(action: .warm(by: 1))
                .verifyOutput { _ in called = true }
        }
        #expect(!called)
    }

    @Test("T9: assertNoOutput fails with the output it got")
    func assertNoOutputFails() {
        expectIssue(#"Expected no output, but got reading("7")."#) {
            Thermostat.Action
                .tester(withState: 7)
                .send(action: .report)
                .assertNoOutput()
        }
    }

    @Test("T9: assert(output:) fails with a CustomDump diff")
    func assertOutputFails() {
        expectIssue("""
        Difference: …

          − Thermostat.Output.reading("7")
          + Thermostat.Output.reading("8")

        (First: −, Second: +)
        """) {
            Thermostat.Action
                .tester(withState: 7)
                .send(action: .report)
                .assert(output: .reading("8"))
        }
    }

    @Test("T9: assert(output:) fails when there was no output")
    func assertOutputWithoutOutput() {
        expectIssue("No output was produced") {
            Thermostat.Action
                .tester(withState: 7)
                .assert(output: .reading("7"))
        }
    }

    // MARK: T8

    @Test("T8: with workflow:, actions read its props through the ApplyContext")
    func readsGivenWorkflow() {
        Thermostat.Action
            .tester(withState: 25, workflow: Thermostat(limit: 26))
            .send(action: .warmUpToLimit(by: 2))
            .assert(state: 27)
            .assert(output: .tooHot(27))
        Thermostat.Action
            .tester(withState: 25, workflow: Thermostat(limit: 40))
            .send(action: .warmUpToLimit(by: 2))
            .assertNoOutput()
        Thermostat.Action
            .tester(withState: 25, workflow: Thermostat(unit: "F"))
            .send(action: .describe)
            .assert(output: .reading("25 F"))
    }

    @Test("T8: without workflow:, actions that read no props work as before")
    func noPropsNoWorkflow() {
        Thermostat.Action
            .tester(withState: 1)
            .send(action: .warm(by: 1))
            .assert(state: 2)
    }

    @Test("T8: without workflow:, reading an Optional prop reports an issue and reads nil")
    func optionalPropWithoutWorkflow() {
        let tester = expectIssue("when applying an action, but no value was present. Pass an instance of the Workflow to the ActionTester to enable this functionality.") {
            Thermostat.Action
                .tester(withState: 3)
                .send(action: .describe)
        }
        tester.assert(output: .reading("3 no unit"))
    }

    @Test("T8: the action tester's context stays readable after apply returned")
    func contextOutlivesApply() {
        let keeper = ContextKeeper()
        KeepContext
            .tester(withState: 0, workflow: Thermostat(limit: 12))
            .send(action: KeepContext(keeper: keeper))
        #expect(keeper.context?[workflowValue: \.limit] == 12)
    }
}

private final class ContextKeeper {
    var context: ApplyContext<Thermostat>?
}

private struct KeepContext: WorkflowAction {
    typealias WorkflowType = Thermostat
    let keeper: ContextKeeper

    func apply(toState state: inout Int, context: ApplyContext<Thermostat>) -> Thermostat.Output? {
        keeper.context = context
        return nil
    }
}
