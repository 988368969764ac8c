// The renderings: plain values a UI layer would draw. There is no UI on
// Linux, so each screen also describes itself as a few lines of text.

/// The whole app: a search field over the list, and the open message pushed
/// over both.
public struct InboxScreen {
    public var search: SearchFieldScreen
    /// Nil while the mailbox loads.
    public var list: MessageListScreen?
    public var detail: MessageDetailScreen?
}

/// The search field: its text, and what typing calls with the new text.
public struct SearchFieldScreen {
    public var text: String
    public var onTextChanged: (String) -> Void
}

/// The scrollable list of messages.
public struct MessageListScreen {
    /// The rows that match the query, in mailbox order.
    public var rows: [MessageRowScreen]
    /// The records in the mailbox, matching or not.
    public var totalCount: Int
    public var firstVisibleRow: Int
    public var onScroll: (Int) -> Void

    /// The rows a phone would show at the scroll position.
    public var visibleRows: ArraySlice<MessageRowScreen> {
        rows[min(firstVisibleRow, rows.count) ..< min(firstVisibleRow + 3, rows.count)]
    }
}

/// One message in the list, with its buttons.
public struct MessageRowScreen {
    public var id: MailRecord.ID
    public var title: String
    public var sender: String
    public var isStarred: Bool
    public var onTap: () -> Void
    public var onStar: () -> Void
    public var onDelete: () -> Void
}

/// The open message, with its buttons.
public struct MessageDetailScreen {
    public var id: MailRecord.ID
    public var title: String
    public var sender: String
    public var body: String
    public var isStarred: Bool
    public var onBack: () -> Void
    public var onStar: () -> Void
    public var onDelete: () -> Void
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
