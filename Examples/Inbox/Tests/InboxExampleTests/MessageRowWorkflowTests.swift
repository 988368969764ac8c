import Testing
import WorkflowTesting
@testable import InboxExample

@MainActor
@Suite("MessageRowWorkflow")
struct MessageRowWorkflowTests {
    @Test("the row shows its record")
    func rendersRecord() {
        MessageRowWorkflow(record: invitation)
            .renderTester()
            .render { row in
                #expect(row.id == 3)
                #expect(row.title == "Invitation")
                #expect(row.sender == "Grace Hopper")
                #expect(row.isStarred)
            }
            .assertNoAction()
    }

    @Test("tap, star and delete each go through the row's sink and leave as a request for its record", arguments: [
        (MessageRowWorkflow.Action.tap, MessageRowWorkflow.Output.open(1)),
        (.star, .toggleStar(1)),
        (.delete, .delete(1)),
    ])
    func buttonsSendRequests(action: MessageRowWorkflow.Action, output: MessageRowWorkflow.Output) {
        MessageRowWorkflow(record: invoice)
            .renderTester()
            .render { row in
                switch action {
                case .tap: row.onTap()
                case .star: row.onStar()
                case .delete: row.onDelete()
                }
            }
            .assert(action: action)
            .assert(output: output)
    }

    @Test("each action reads the record id from the workflow value")
    func actionsReadRecordID() {
        MessageRowWorkflow.Action
            .tester(withState: (), workflow: MessageRowWorkflow(record: lunch))
            .send(action: .tap)
            .assert(output: .open(2))
            .send(action: .star)
            .assert(output: .toggleStar(2))
            .send(action: .delete)
            .assert(output: .delete(2))
    }
}
