import Workflow

/// A worker that runs an async closure once and sends its result.
///
/// Any two `AsyncOperationWorker`s are equivalent, so the operation runs
/// once per node (WK4): later renders never restart it, whatever closure
/// they pass. To run it again, ask for it under another key.
///
/// ```swift
/// AsyncOperationWorker { await store.loadDrafts() }
///     .mapOutput { Action.draftsLoaded($0) }
///     .running(in: context, key: "drafts")
/// ```
public struct AsyncOperationWorker<OutputType>: Worker {
    public typealias Output = OutputType

    private let operation: () async -> OutputType

    /// A worker whose work is `operation`.
    public init(_ operation: @escaping () async -> OutputType) {
        self.operation = operation
    }

    /// Calls the operation.
    public func run() async -> OutputType {
        await operation()
    }

    /// Always `true`: the operation of the first render is the one that runs.
    public func isEquivalent(to otherWorker: AsyncOperationWorker<OutputType>) -> Bool {
        true
    }
}
