/// A deterministic mailbox: the same seed gives the same records, so that
/// every run of the scripted session prints the same screens.
public enum SampleMailbox {
    private static let senders = [
        "Ada Lovelace", "Alan Turing", "Grace Hopper", "Edsger Dijkstra", "Barbara Liskov",
        "Donald Knuth", "Frances Allen", "John Backus", "Margaret Hamilton", "Ken Thompson",
        "Radia Perlman", "Tony Hoare", "Leslie Lamport", "Niklaus Wirth", "Adele Goldberg",
    ]
    private static let topics = [
        "quarterly report", "lunch on friday", "invoice 4411", "build is red", "design review",
        "travel plans", "release notes", "team offsite", "invitation", "budget draft",
        "holiday schedule", "code freeze", "parking permit", "new laptop", "weekly sync",
    ]
    private static let openers = ["Re:", "Fwd:", "", "", "Urgent:"]

    /// `count` records with ids 0 ..< count.
    public static func records(count: Int, seed: UInt64 = 0x1F2E_3D4C) -> [MailRecord] {
        var generator = SplitMix(state: seed)
        return (0..<count).map { id in
            let sender = senders[generator.next(below: senders.count)]
            let topic = topics[generator.next(below: topics.count)]
            let opener = openers[generator.next(below: openers.count)]
            let subject = opener.isEmpty ? topic.capitalizedFirst : "\(opener) \(topic)"
            return MailRecord(
                id: id,
                sender: sender,
                subject: subject,
                body: "Hello, a note about the \(topic) (message \(id)).",
                isStarred: generator.next(below: 20) == 0
            )
        }
    }

    /// SplitMix64: small, fast and the same on every platform.
    private struct SplitMix {
        var state: UInt64

        mutating func next(below bound: Int) -> Int {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            z ^= z >> 31
            return Int(z % UInt64(bound))
        }
    }
}

extension String {
    fileprivate var capitalizedFirst: String { prefix(1).uppercased() + dropFirst() }
}
