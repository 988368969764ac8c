import Testing
import Workflow
import WorkflowConcurrency
@testable import InboxExample

@MainActor
@Suite("RecordLoader")
struct RecordLoaderTests {
    @Test("the loader's output is `count` records with ids 0 ..< count, the same on every run")
    func deterministicRecords() async {
        let loader = RecordLoader(count: 300)
        let first = await loader.run()
        let second = await loader.run()
        #expect(first.map(\.id) == Array(0..<300))
        #expect(first == second)
        #expect(Set(first.map(\.sender)).count > 1)
        #expect(first.contains { $0.isStarred } && first.contains { !$0.isStarred })
    }

    @Test("WK2: loaders are equivalent when they load the same count, so a re-render keeps the running fetch")
    func equivalence() {
        #expect(RecordLoader().isEquivalent(to: RecordLoader(count: 5_000)))
        #expect(!RecordLoader(count: 10).isEquivalent(to: RecordLoader(count: 11)))
    }

    @MainActor
    @Test("WK1: run as a child, the loader's records reach the parent after the render that started it")
    func outputReachesParent() async {
        let host = WorkflowHost(workflow: LoaderParent())
        // Not delivered inside the first render.
        #expect(host.rendering == nil)
        var delivered: [MailRecord]?
        for await rendering in host.renderings where rendering != nil {
            delivered = rendering
            break
        }
        #expect(delivered == SampleMailbox.records(count: 3))
        #expect(host.rendering == delivered)
    }
}

/// Runs a three-record loader until its records arrive, and renders them.
private struct LoaderParent: Workflow {
    typealias State = [MailRecord]?

    func makeInitialState() -> State { nil }

    func render(state: State, context: RenderContext<LoaderParent>) -> [MailRecord]? {
        if state == nil {
            RecordLoader(count: 3).running(in: context, key: "load") { records in
                AnyWorkflowAction<LoaderParent> { state in
                    state = records
                    return nil
                }
            }
        }
        return state
    }
}

@MainActor
@Suite("MailRecord")
struct MailRecordTests {
    @Test("a record matches a lower-case query found in its sender or subject")
    func matching() {
        #expect(invoice.matches(""))
        #expect(invoice.matches("ada"))
        #expect(invoice.matches("4411"))
        #expect(invoice.matches("ada lovelace invoice 4411"))
        #expect(!invoice.matches("ada lovelace invoice 44111"))
        #expect(!invoice.matches("4412"))
        #expect(!invoice.matches("Ada"))
        #expect(!invoice.matches("friday"))
        #expect(MailRecord(id: 9, sender: "Zoë", subject: "Café", body: "").matches("zoë café"))
    }
}
