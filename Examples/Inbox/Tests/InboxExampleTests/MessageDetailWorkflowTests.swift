import Testing
import WorkflowTesting
@testable import InboxExample

@MainActor
@Suite("MessageDetailWorkflow")
struct MessageDetailWorkflowTests {
    @Test("the detail shows the whole message")
    func rendersMessage() {
        MessageDetailWorkflow(record: invoice)
            .renderTester()
            .render { detail in
                #expect(detail.id == 1)
                #expect(detail.title == "Invoice 4411")
                #expect(detail.body == "Pay by Friday.")
                #expect(!detail.isStarred)
            }
            .assertNoAction()
            .assertNoOutput()
    }

    @Test("back, star and delete leave the detail as requests", arguments: [
        (MessageDetailWorkflow.Action.back, MessageDetailWorkflow.Output.back),
        (.star, .toggleStar(3)),
        (.delete, .delete(3)),
    ])
    func buttonsSendRequests(action: MessageDetailWorkflow.Action, output: MessageDetailWorkflow.Output) {
        MessageDetailWorkflow(record: invitation)
            .renderTester()
            .render { detail in
                switch action {
                case .back: detail.onBack()
                case .star: detail.onStar()
                case .delete: detail.onDelete()
                }
            }
            .assert(action: action)
            .assert(output: output)
    }

    @Test("star and delete name the open record")
    func actionsReadRecordID() {
        MessageDetailWorkflow.Action
            .tester(withState: (), workflow: MessageDetailWorkflow(record: lunch))
            .send(action: .star)
            .assert(output: .toggleStar(2))
            .send(action: .delete)
            .assert(output: .delete(2))
            .send(action: .back)
            .assert(output: .back)
    }
}
