import Foundation
import Testing

/// Runs `body`, which must report, through the tester, exactly one issue
/// containing each of `messages`. Those issues are expected, so the test
/// passes; an issue not listed, or a listed one not reported, fails it.
public func expectIssues(
    _ messages: [String],
    sourceLocation: SourceLocation = #_sourceLocation,
    _ body: () -> Void
) {
    let seen = ReportedIssues()
    withKnownIssue(sourceLocation: sourceLocation) {
        body()
    } matching: { issue in
        let description = issue.description
        guard messages.contains(where: { description.contains($0) }) else { return false }
        seen.append(description)
        return true
    }
    for message in messages {
        let reported = seen.descriptions.filter { $0.contains(message) }
        #expect(
            reported.count == 1,
            "expected one issue containing \(message.debugDescription), got \(seen.descriptions)",
            sourceLocation: sourceLocation
        )
    }
}

/// The descriptions a known-issue matcher accepted; it may run on any
/// thread.
private final class ReportedIssues: @unchecked Sendable {
    private let lock = NSLock()
    private var storage: [String] = []

    var descriptions: [String] {
        lock.withLock { storage }
    }

    func append(_ description: String) {
        lock.withLock { storage.append(description) }
    }
}
