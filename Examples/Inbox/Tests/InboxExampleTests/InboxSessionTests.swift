import Testing
import Workflow
import WorkflowReference
@testable import InboxExample

// The app end to end: the loader worker, sinks from every workflow, and
// which workflows render on each step, on the fast runtime; the scripted
// session on the reference runtime too, which must leave the same screens.

extension ReferenceWorkflowHost: InboxHosting where WorkflowType == InboxWorkflow {}

@MainActor
@Suite("Inbox session")
struct InboxSessionTests {
    /// Waits until the loader's records have been rendered.
    private func loaded(_ host: WorkflowHost<InboxWorkflow>) async -> MessageListScreen? {
        if host.rendering.list == nil {
            for await screen in host.renderings where screen.list != nil { break }
        }
        return host.rendering.list
    }

    @Test("WK1, S2, S3: load, scroll, search, open, star, back and delete leave the expected screens and render only the changed path")
    func partOfTheSession() async throws {
        let counter = RenderCounter()
        let host = WorkflowHost(workflow: InboxWorkflow(), observers: [counter])
        #expect(host.rendering.list == nil)
        // The root and its loader.
        #expect(counter.total == 2)
        #expect(counter.count(of: InboxWorkflow.self) == 1)

        let list = try #require(await loaded(host))
        #expect(list.rows.count == 5_000)
        #expect(counter.count(of: MessageRowWorkflow.self) == 5_000)

        counter.reset()
        list.onScroll(2_000)
        #expect(host.rendering.list?.visibleRows.first?.id == 2_000)
        #expect(counter.total == 2)
        #expect(counter.count(of: MessageRowWorkflow.self) == 0)

        counter.reset()
        host.rendering.search.onTextChanged("Inv")
        let records = await RecordLoader().run()
        let matching = records.filter { $0.matches("inv") }
        let filtered = try #require(host.rendering.list)
        #expect(filtered.rows.map(\.id) == matching.map(\.id))
        #expect(filtered.firstVisibleRow == 0)
        #expect(counter.total == 2)

        counter.reset()
        filtered.rows[0].onTap()
        let opened = try #require(host.rendering.detail)
        #expect(opened.id == matching[0].id)
        #expect(counter.count(of: MessageListWorkflow.self) == 0)

        counter.reset()
        opened.onStar()
        #expect(host.rendering.detail?.isStarred == !matching[0].isStarred)
        #expect(host.rendering.list?.rows[0].isStarred == !matching[0].isStarred)
        #expect(counter.count(of: MessageRowWorkflow.self) == 1)

        counter.reset()
        host.rendering.detail?.onBack()
        #expect(host.rendering.detail == nil)
        #expect(counter.total == 1)

        counter.reset()
        host.rendering.list?.rows[1].onDelete()
        #expect(host.rendering.list?.rows.map(\.id) == matching.map(\.id).filter { $0 != matching[1].id })
        #expect(host.rendering.list?.totalCount == 4_999)
        #expect(counter.count(of: MessageRowWorkflow.self) == 0)
    }

    @Test("the scripted session renders, step by step, only what each step changed")
    func scriptedSessionRenderCounts() async {
        var steps: [StepReport] = []
        await ScriptedSession.run(makeHost: { WorkflowHost(workflow: InboxWorkflow(), observers: $0) }) {
            steps.append($0)
        }
        #expect(steps.map(\.renderCount) == [2, 5_002, 2, 2, 2, 2, 2, 4, 1, 3, 2, 4_355])
        #expect(steps.last?.screen.hasPrefix("search: \"\"\nlist: 4999 of 4999 messages") == true)
    }

    @Test("the scripted session leaves the same screens on the reference runtime, which renders the whole tree")
    func scriptedSessionOnReference() async {
        var fast: [StepReport] = []
        await ScriptedSession.run(makeHost: { WorkflowHost(workflow: InboxWorkflow(), observers: $0) }) {
            fast.append($0)
        }
        var reference: [StepReport] = []
        await ScriptedSession.run(makeHost: { ReferenceWorkflowHost(workflow: InboxWorkflow(), observers: $0) }) {
            reference.append($0)
        }
        #expect(reference.count == 12)
        #expect(reference.map(\.screen) == fast.map(\.screen))
        #expect(reference.map(\.renderCount) == [2, 5_002, 5_002, 3_739, 1_279, 649, 650, 650, 649, 649, 648, 5_001])
    }
}
