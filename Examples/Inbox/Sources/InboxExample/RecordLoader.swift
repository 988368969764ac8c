import WorkflowConcurrency

/// Fetches the mailbox: the worker the inbox runs until it has records.
///
/// The one place that knows how records arrive. Run as a child, it fetches
/// off the main actor and its output, the records, reaches the parent on the
/// main actor, never inside a render (WK1). Loaders of the same `count` are
/// equal, so a parent that asks for it on every render keeps the one fetch
/// running (WK2).
///
/// ```swift
/// RecordLoader()
///     .mapOutput { Action.loaded($0) }
///     .running(in: context, key: "load")
/// ```
public struct RecordLoader: Worker, Equatable, Sendable {
    public typealias Output = [MailRecord]

    /// How many records the mailbox holds.
    public var count: Int

    public init(count: Int = 5_000) {
        self.count = count
    }

    /// Stands for a network or database fetch.
    public func run() async -> [MailRecord] {
        SampleMailbox.records(count: count)
    }
}
