import Workflow

/// A unit of asynchronous work that a workflow runs as a child, with
/// `running(in:key:)` and its overloads, and whose result becomes an output.
///
/// A worker is a node of its own (R23): the first render that asks for it
/// starts `run()` in a task; later renders that ask for an equivalent worker
/// (see `isEquivalent(to:)`) leave that task alone. A worker that is not
/// equivalent to the previous one starts over and the old task is cancelled
/// (WK2); a render that no longer asks for it cancels its task (WK3). The
/// result reaches the parent on the main actor, never during a render (WK1).
///
/// Declare `Output` with a `typealias`: the compiler does not always infer
/// it from `run()` when the worker is used in another file.
///
/// ```swift
/// struct LoadUser: Worker {
///     typealias Output = User?
///
///     var id: User.ID
///
///     func run() async -> User? {
///         try? await api.user(id)
///     }
///
///     func isEquivalent(to otherWorker: LoadUser) -> Bool {
///         id == otherWorker.id
///     }
/// }
///
/// // In the parent's render:
/// LoadUser(id: userID)
///     .mapOutput { Action.loaded($0) }
///     .running(in: context)
/// ```
public protocol Worker<Output>: AnyWorkflowConvertible where Rendering == Void {
    /// The result of the work, sent to the parent as the worker's output.
    associatedtype Output

    /// Performs the work and returns its result.
    ///
    /// Runs outside the main actor. When the worker is removed or replaced,
    /// its task is cancelled and the result, if any, is dropped: check
    /// `Task.isCancelled` to stop early.
    func run() async -> Output

    /// Whether `otherWorker`, the worker asked for in the previous render,
    /// stands for the same work as `self`, so that the running task can be
    /// kept. Compare what the work depends on: a worker loading a user is
    /// not equivalent to one loading another user.
    ///
    /// Equatable workers get `==` by default.
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
