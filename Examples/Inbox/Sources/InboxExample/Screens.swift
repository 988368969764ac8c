// The renderings: plain values a UI layer would draw. There is no UI on
// Linux, so each screen also describes itself as a few lines of text. The
// callbacks are main-actor closures, as a UI's are, which makes the screens
// `Sendable`: they may be read from a `renderings` stream.

/// The whole app: a search field over the list, and the open message pushed
/// over both.
public struct InboxScreen: Sendable {
    public var search: SearchFieldScreen
    /// Nil while the mailbox loads.
    public var list: MessageListScreen?
    public var detail: MessageDetailScreen?
}

/// The search field: its text, and what typing calls with the new text.
public struct SearchFieldScreen: Sendable {
    public var text: String
    public var onTextChanged: @MainActor (String) -> Void
}

/// The scrollable list of messages.
public struct MessageListScreen: Sendable {
    /// The rows that match the query, in mailbox order.
    public var rows: [MessageRowScreen]
    /// The records in the mailbox, matching or not.
    public var totalCount: Int
    public var firstVisibleRow: Int
    public var onScroll: @MainActor (Int) -> Void

    /// The rows a phone would show at the scroll position.
    public var visibleRows: ArraySlice<MessageRowScreen> {
        rows[min(firstVisibleRow, rows.count) ..< min(firstVisibleRow + 3, rows.count)]
    }
}

/// One message in the list, with its buttons.
public struct MessageRowScreen: Sendable {
    public var id: MailRecord.ID
    public var title: String
    public var sender: String
    public var isStarred: Bool
    public var onTap: @MainActor () -> Void
    public var onStar: @MainActor () -> Void
    public var onDelete: @MainActor () -> Void
}

/// The open message, with its buttons.
public struct MessageDetailScreen: Sendable {
    public var id: MailRecord.ID
    public var title: String
    public var sender: String
    public var body: String
    public var isStarred: Bool
    public var onBack: @MainActor () -> Void
    public var onStar: @MainActor () -> Void
    public var onDelete: @MainActor () -> Void
}

// MARK: Text

extension InboxScreen {
    /// A few lines: the top of the visible stack, as a user would see it.
    public var summary: String {
        var lines = ["search: \"\(search.text)\""]
        if let list {
            lines.append(list.summary)
        } else {
            lines.append("loading ...")
        }
        if let detail {
            lines.append(detail.summary)
        }
        return lines.joined(separator: "\n")
    }
}

extension MessageListScreen {
    var summary: String {
        var lines = ["list: \(rows.count) of \(totalCount) messages, row \(firstVisibleRow) at the top"]
        lines += visibleRows.map { "  " + $0.summary }
        return lines.joined(separator: "\n")
    }
}

extension MessageRowScreen {
    var summary: String {
        "\(isStarred ? "*" : " ") #\(id) \(sender): \(title)"
    }
}

extension MessageDetailScreen {
    var summary: String {
        "detail: \(isStarred ? "*" : " ") #\(id) \(title), from \(sender)\n  \(body)"
    }
}
