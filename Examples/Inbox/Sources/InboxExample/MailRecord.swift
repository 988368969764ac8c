/// One message of the mailbox, as the loader delivers it.
public struct MailRecord: Equatable, Identifiable, Sendable {
    public var id: Int
    public var sender: String
    public var subject: String
    public var body: String
    public var isStarred: Bool

    /// Sender and subject in lower case, made once so that a keystroke in
    /// the search field does not lower-case 5,000 strings.
    public let searchText: String

    public init(id: Int, sender: String, subject: String, body: String, isStarred: Bool = false) {
        self.id = id
        self.sender = sender
        self.subject = subject
        self.body = body
        self.isStarred = isStarred
        self.searchText = (sender + " " + subject).lowercased()
    }

    /// The row key of the record in the list (R1: rows are told apart by it).
    public var rowKey: String { String(id) }

    /// True when `query` (already lower-cased) is empty or found in the
    /// sender or the subject.
    public func matches(_ query: String) -> Bool {
        if query.isEmpty { return true }
        // Byte by byte: both sides are lower case already, and a grapheme-
        // aware search would cost more than the render pass it feeds.
        var text = searchText
        var query = query
        return text.withUTF8 { text in
            query.withUTF8 { query in
                guard query.count <= text.count else { return false }
                for start in 0...(text.count - query.count) where text[start] == query[0] {
                    if (1..<query.count).allSatisfy({ text[start + $0] == query[$0] }) { return true }
                }
                return false
            }
        }
    }
}
