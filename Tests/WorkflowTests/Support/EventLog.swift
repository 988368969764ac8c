/// An ordered record of what happened, shared by the test workflows, the
/// recording observer and the recording debugger of one test.
///
/// Test workflows append to `EventLog.current` (a workflow without stored
/// properties could not carry a log). Test bodies are synchronous main-actor
/// code, so a test case runs from its `EventLog.begin()` to its end without
/// another test case interleaving. Async tests must not rely on the log after
/// an `await`.
final class EventLog {
    nonisolated(unsafe) static var current = EventLog()

    /// Installs a fresh log as `current` and returns it.
    static func begin() -> EventLog {
        let log = EventLog()
        current = log
        return log
    }

    private(set) var entries: [String] = []

    func append(_ entry: String) {
        entries.append(entry)
    }

    /// Returns the entries recorded so far and clears the log.
    @discardableResult
    func take() -> [String] {
        defer { entries.removeAll() }
        return entries
    }

    /// The entries recorded so far that start with `prefix`.
    func entries(withPrefix prefix: String) -> [String] {
        entries.filter { $0.hasPrefix(prefix) }
    }

    /// How many entries start with `prefix`.
    func count(_ prefix: String) -> Int {
        entries(withPrefix: prefix).count
    }

    /// Clears the log.
    func clear() {
        entries.removeAll()
    }
}

/// Appends `entry` to the current test's log.
func record(_ entry: String) {
    EventLog.current.append(entry)
}
