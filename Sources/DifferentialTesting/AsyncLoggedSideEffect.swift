import Foundation
import Workflow

/// An async side effect (R26) that logs its start and its cancellation into
/// the log of the host that started it, at the place in the log where they
/// happen, like `runLoggedSideEffect`.
///
/// A task's own timing is not the runtime's: the start is logged on the main
/// queue once the render knows a task was made (the task holds the action,
/// and so the token, only if the key was new), after the task is waiting in
/// a cancellation handler; the cancellation is then logged by that handler,
/// which runs on the thread that cancels, inside the lifetime's end.
func runLoggedAsyncSideEffect<W: Workflow>(_ key: String, path: String, context: RenderContext<W>) {
    var token = AsyncEffectToken(log: FuzzLog.current, entry: "effect end \(path) \(key)")
    do {
        let action: @Sendable () async -> Void = { [token] in await token.waitUntilCancelled() }
        context.runSideEffect(key: key, action: action)
    }
    guard !isKnownUniquelyReferenced(&token) else { return }  // the key was not new: no task
    token.waitUntilWaiting()
    FuzzLog.current.append("effect start \(path) \(key)")
}

/// What the task of one logged async side effect shares with the render
/// that started it.
private final class AsyncEffectToken: @unchecked Sendable {
    private let lock = NSCondition()
    private var isWaiting = false
    private var isCancelled = false
    private var resume: CheckedContinuation<Void, Never>?
    private let log: FuzzLog
    private let entry: String

    init(log: FuzzLog, entry: String) {
        self.log = log
        self.entry = entry
    }

    /// The task's body: waits, inside a cancellation handler, until the task
    /// is cancelled.
    func waitUntilCancelled() async {
        await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
                lock.lock()
                if isCancelled {
                    lock.unlock()
                    continuation.resume()
                    return
                }
                resume = continuation
                isWaiting = true
                lock.broadcast()
                lock.unlock()
            }
        } onCancel: {
            // On the canceller's thread: the main queue, in the lifetime's end.
            lock.lock()
            isCancelled = true
            let continuation = resume
            resume = nil
            lock.unlock()
            log.append(entry)
            continuation?.resume()
        }
    }

    /// Blocks the render until the task waits in its handler, so that its
    /// cancellation is logged synchronously.
    func waitUntilWaiting() {
        lock.lock()
        defer { lock.unlock() }
        let deadline = Date().addingTimeInterval(30)
        while !isWaiting {
            guard lock.wait(until: deadline) else {
                fatalError("the task of an async side effect did not start within 30 s")
            }
        }
    }
}
