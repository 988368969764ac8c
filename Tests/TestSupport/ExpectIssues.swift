import Foundation
import Testing

/// Runs `body` and checks that it reports, through the tester, exactly the
/// failures whose descriptions contain `messages` (one issue per entry, in
/// any order). Those issues are known, so the test passes; any other issue,
/// a missing one, or one reported more often than listed fails the test.
@discardableResult
public func expectIssues<Result>(
    _ messages: [String],
    sourceLocation: SourceLocation = #_sourceLocation,
    _ body: () -> Result
) -> Result {
    let seen = SeenIssues()
    var result: Result?
    withKnownIssue(sourceLocation: sourceLocation) {
        result = body()
    } matching: { issue in
        let description = issue.description
        guard messages.contains(where: { description.contains($0) }) else { return false }
        seen.append(description)
        return true
    }
    for message in Set(messages) {
        let expected = messages.filter { $0 == message }.count
        let reported = seen.descriptions.filter { $0.contains(message) }.count
        #expect(
            reported == expected,
            "expected \(expected) issue(s) containing \(message.debugDescription), got \(reported): \(seen.descriptions)",
            sourceLocation: sourceLocation
        )
    }
    return result!
}

/// Runs `body` and checks that it reports one failure containing `message`.
@discardableResult
public func expectIssue<Result>(
    _ message: String,
    sourceLocation: SourceLocation = #_sourceLocation,
    _ body: () -> Result
) -> Result {
    expectIssues([message], sourceLocation: sourceLocation, body)
}

/// The descriptions of the issues a known-issue matcher accepted; the
/// matcher may run on any thread.
private final class SeenIssues: @unchecked Sendable {
    private let lock = NSLock()
    private var storage: [String] = []

    var descriptions: [String] {
        lock.withLock { storage }
    }

    func append(_ description: String) {
        lock.withLock { storage.append(description) }
    }
}
