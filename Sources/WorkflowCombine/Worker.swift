#if canImport(Combine)
import Combine
#else
import OpenCombine
#endif
import Workflow

/// A unit of work, as a publisher, that a workflow runs as a child with
/// `running(in:key:)` and its overloads; each value the publisher emits
/// becomes an output.
///
/// A worker is a node of its own (R23): the first render that asks for it
/// subscribes to `run()`; later renders that ask for an equivalent worker
/// (see `isEquivalent(to:)`) keep that subscription. A worker that is not
/// equivalent to the previous one subscribes anew and the old subscription
/// is cancelled (WK2); a render that no longer asks for it cancels it (WK3).
/// Values reach the parent on the main queue, never during a render (WK1).
///
/// ```swift
/// struct LoadUser: Worker {
///     typealias Output = User?
///
///     var id: User.ID
///
///     func run() -> AnyPublisher<User?, Never> {
///         api.userPublisher(id).replaceError(with: nil).eraseToAnyPublisher()
///     }
///
///     func isEquivalent(to otherWorker: LoadUser) -> Bool {
///         id == otherWorker.id
///     }
/// }
/// ```
public protocol Worker<Output>: AnyWorkflowConvertible where Rendering == Void {
    /// What the worker emits, sent to the parent as the worker's output.
    associatedtype Output

    /// The publisher that does the work; it cannot fail.
    associatedtype WorkerPublisher: Publisher where WorkerPublisher.Output == Output, WorkerPublisher.Failure == Never

    /// Makes the publisher. Called once per run of the worker, when the
    /// worker starts or restarts (WK2).
    func run() -> WorkerPublisher

    /// Whether `otherWorker`, the worker asked for in the previous render,
    /// stands for the same work as `self`, so that the subscription can be
    /// kept. Equatable workers get `==` by default.
    func isEquivalent(to otherWorker: Self) -> Bool
}

extension Worker {
    /// This worker as a type-erased workflow: a `WorkerWorkflow` node that
    /// runs it.
    public func asAnyWorkflow() -> AnyWorkflow<Void, Output> {
        AnyWorkflow(WorkerWorkflow(worker: self))
    }
}

extension Worker where Self: Equatable {
    /// Equal workers are equivalent.
    @inlinable
    public func isEquivalent(to otherWorker: Self) -> Bool {
        self == otherWorker
    }
}
