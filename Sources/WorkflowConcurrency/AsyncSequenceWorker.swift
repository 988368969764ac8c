import Workflow

/// A worker whose work is an `AsyncSequence`: each element is sent to the
/// parent as an output, in order, on the main actor (WK1).
///
/// Like a `Worker`, it is a node of its own: an equivalent worker in a later
/// render keeps the running iteration; a worker that is not equivalent
/// starts a new one and cancels the old (WK2); a render that no longer asks
/// for it cancels it (WK3). The sequence should not throw: an error thrown
/// while the worker is running stops the program.
///
/// ```swift
/// struct Ticks: AsyncSequenceWorker {
///     typealias Output = Int
///
///     var interval: Duration
///
///     func run() -> AsyncStream<Int> {
///         AsyncStream { continuation in ... }
///     }
///
///     func isEquivalent(to otherWorker: Ticks) -> Bool {
///         interval == otherWorker.interval
///     }
/// }
/// ```
public protocol AsyncSequenceWorker<Output>: AnyWorkflowConvertible where Rendering == Void, Output: Sendable {
    /// The sequence of outputs.
    associatedtype Sequence: AsyncSequence where Sequence.Element == Output

    /// Makes the sequence to iterate. Called once per run of the worker.
    func run() -> Sequence

    /// Whether `otherWorker`, the worker asked for in the previous render,
    /// stands for the same sequence as `self`, so that the running
    /// iteration can be kept.
    func isEquivalent(to otherWorker: Self) -> Bool
}

extension AsyncSequenceWorker {
    /// This worker as a type-erased workflow: an
    /// `AsyncSequenceWorkerWorkflow` node that iterates its sequence.
    public func asAnyWorkflow() -> AnyWorkflow<Void, Output> {
        AnyWorkflow(AsyncSequenceWorkerWorkflow(worker: self))
    }
}
