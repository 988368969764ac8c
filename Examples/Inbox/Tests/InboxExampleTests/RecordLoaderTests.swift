import Testing
@testable import InboxExample

@Suite("RecordLoader")
struct RecordLoaderTests {
    @Test("the loader fetches `count` records with ids 0 ..< count, the same on every run")
    func deterministicRecords() async {
        let loader = RecordLoader(count: 300)
        let first = await loader.run()
        let second = await loader.run()
        #expect(first.map(\.id) == Array(0..<300))
        #expect(first == second)
        #expect(Set(first.map(\.sender)).count > 1)
        #expect(first.contains { $0.isStarred } && first.contains { !$0.isStarred })
    }

    @Test("loaders are equivalent when they load the same count, as a worker's restart check needs")
    func equivalence() {
        #expect(RecordLoader().isEquivalent(to: RecordLoader(count: 5_000)))
        #expect(!RecordLoader(count: 10).isEquivalent(to: RecordLoader(count: 11)))
    }
}

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
