@testable import InboxExample

// Small mailboxes and mock renderings for the render tests.

let invoice = MailRecord(id: 1, sender: "Ada Lovelace", subject: "Invoice 4411", body: "Pay by Friday.")
let lunch = MailRecord(id: 2, sender: "Alan Turing", subject: "Lunch on friday", body: "Noon?")
let invitation = MailRecord(id: 3, sender: "Grace Hopper", subject: "Invitation", body: "Talk at six.", isStarred: true)
let threeRecords = [invoice, lunch, invitation]

func mockRow(_ record: MailRecord) -> MessageRowScreen {
    MessageRowScreen(
        id: record.id, title: record.subject, sender: record.sender, isStarred: record.isStarred,
        onTap: {}, onStar: {}, onDelete: {}
    )
}

func mockList(_ records: [MailRecord]) -> MessageListScreen {
    MessageListScreen(rows: records.map(mockRow), totalCount: records.count, firstVisibleRow: 0, onScroll: { _ in })
}

func mockDetail(_ record: MailRecord) -> MessageDetailScreen {
    MessageDetailScreen(
        id: record.id, title: record.subject, sender: record.sender, body: record.body,
        isStarred: record.isStarred, onBack: {}, onStar: {}, onDelete: {}
    )
}
