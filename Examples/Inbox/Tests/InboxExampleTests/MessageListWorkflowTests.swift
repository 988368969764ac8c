import Testing
import WorkflowTesting
@testable import InboxExample

@MainActor
@Suite("MessageListWorkflow")
struct MessageListWorkflowTests {
    @Test("R1: one row per matching record, keyed by the record id, in mailbox order")
    func rowsAreKeyedByID() {
        MessageListWorkflow(records: threeRecords, query: "inv")
            .renderTester()
            .expectWorkflow(type: MessageRowWorkflow.self, key: "1", producingRendering: mockRow(invoice)) { row in
                #expect(row.record == invoice)
            }
            .expectWorkflow(type: MessageRowWorkflow.self, key: "3", producingRendering: mockRow(invitation))
            .render { list in
                #expect(list.rows.map(\.id) == [1, 3])
                #expect(list.totalCount == 3)
            }
            .assertNoAction()
    }

    @Test("an empty query lists every record")
    func emptyQueryListsAll() {
        MessageListWorkflow(records: threeRecords, query: "")
            .renderTester()
            .expectWorkflow(type: MessageRowWorkflow.self, key: "1", producingRendering: mockRow(invoice))
            .expectWorkflow(type: MessageRowWorkflow.self, key: "2", producingRendering: mockRow(lunch))
            .expectWorkflow(type: MessageRowWorkflow.self, key: "3", producingRendering: mockRow(invitation))
            .render { list in
                #expect(list.rows.count == 3)
            }
    }

    @Test("a row's request becomes the list's output")
    func rowOutputIsForwarded() {
        MessageListWorkflow(records: [lunch], query: "")
            .renderTester()
            .expectWorkflow(
                type: MessageRowWorkflow.self,
                key: "2",
                producingRendering: mockRow(lunch),
                producingOutput: .toggleStar(2)
            )
            .render { _ in }
            .assert(action: MessageListWorkflow.RowAction(request: .toggleStar(2)))
            .assert(output: .toggleStar(2))
            .assert(state: MessageListWorkflow.State())
    }

    @Test("scrolling moves the first visible row through the state mutation sink, kept within the rows")
    func scrollingMutatesState() {
        let tester = MessageListWorkflow(records: [invoice, lunch], query: "")
            .renderTester()
            .expectWorkflow(type: MessageRowWorkflow.self, key: "1", producingRendering: mockRow(invoice))
            .expectWorkflow(type: MessageRowWorkflow.self, key: "2", producingRendering: mockRow(lunch))
        tester
            .render { $0.onScroll(1) }
            .assertStateModifications { $0.firstVisibleRow = 1 }
            .assertNoOutput()
        tester
            .render { $0.onScroll(40) }
            .assert(state: MessageListWorkflow.State(firstVisibleRow: 1))
    }

    @Test("R7: a new query brings the list back to the top; new records alone keep the scroll position")
    func newQueryResetsScroll() {
        let list = MessageListWorkflow(records: threeRecords, query: "i")
        var state = MessageListWorkflow.State(firstVisibleRow: 2)
        MessageListWorkflow(records: [lunch], query: "i").workflowDidChange(from: list, state: &state)
        #expect(state.firstVisibleRow == 2)
        MessageListWorkflow(records: threeRecords, query: "in").workflowDidChange(from: list, state: &state)
        #expect(state.firstVisibleRow == 0)
    }

    @Test("RowAction passes the row's request up unchanged")
    func rowActionForwards() {
        MessageListWorkflow.RowAction
            .tester(withState: MessageListWorkflow.State(firstVisibleRow: 4))
            .send(action: MessageListWorkflow.RowAction(request: .delete(7)))
            .assert(output: .delete(7))
            .assert(state: MessageListWorkflow.State(firstVisibleRow: 4))
    }
}
