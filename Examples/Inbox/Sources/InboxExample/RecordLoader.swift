import Workflow

/// Fetches the mailbox off the main actor and hands the records back on it.
///
/// The one place that knows how records arrive. It has a worker's shape
/// (`run() async -> Output`, `isEquivalent(to:)`), so that once a `Worker`
/// type is available the root can run it as a child instead of starting it
/// from a side effect.
public struct RecordLoader: Equatable, Sendable {
    /// How many records the mailbox holds.
    public var count: Int

    public init(count: Int = 5_000) {
        self.count = count
    }

    /// Stands for a network or database fetch.
    public func run() async -> [MailRecord] {
        SampleMailbox.records(count: count)
    }

    /// Two loaders of the same mailbox would fetch the same records.
    public func isEquivalent(to other: RecordLoader) -> Bool {
        self == other
    }

    /// Starts `run()` for a side effect: `deliver` gets the records on the
    /// main actor, never inside the render that started the load, and never
    /// once `lifetime` has ended (R12).
    public func start(in lifetime: Lifetime, deliver: @escaping ([MailRecord]) -> Void) {
        let task = Task { @MainActor in
            let records = await run()
            if Task.isCancelled { return }
            deliver(records)
        }
        lifetime.onEnded { task.cancel() }
    }
}
