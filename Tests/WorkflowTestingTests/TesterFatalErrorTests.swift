import Foundation
import Testing
import Workflow
import WorkflowTesting

/// The standard error of an exit test, as text.
private func standardError(_ result: ExitTest.Result?) -> String {
    String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
}

@Suite("Testers: what stops the test process")
struct TesterFatalErrorTests {
    @Test("T8: without workflow:, reading a non-Optional prop stops the process with a message naming the key path")
    func nonOptionalPropWithoutWorkflow() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            _ = Thermostat.Action
                .tester(withState: 29)
                .send(action: .warmUpToLimit(by: 5))
        }
        let message = standardError(result)
        #expect(message.contains("Attempted to read value"))
        #expect(message.contains("limit"))
        #expect(message.contains("when applying an action, but no value was present. Pass an instance of the Workflow to the ActionTester to enable this functionality."))
    }

    @Test("T2: an unexpected child whose rendering is not Void stops the process after reporting it")
    func unexpectedChildWithRendering() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            ChildAskingWorkflow(requests: [.greeting("ada", key: "nobody-expected-me")])
                .renderTester()
                .render { _ in }
        }
        let message = standardError(result)
        #expect(message.contains(#"Unable to compose final Rendering. Attempted to render unexpected Workflow of type GreetingChild with key "nobody-expected-me"."#))
    }
}
