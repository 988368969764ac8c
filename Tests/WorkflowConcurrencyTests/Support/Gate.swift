import Foundation

/// A gate that work waits at until the test opens it. Waiting ignores task
/// cancellation, as careless work does, and a test decides exactly when the
/// work finishes, whatever the machine's load.
final class Gate: @unchecked Sendable {
    private let lock = NSLock()
    private var isOpen = false
    private var waiters: [CheckedContinuation<Void, Never>] = []

    func wait() async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let openAlready = lock.withLock {
                if !isOpen { waiters.append(continuation) }
                return isOpen
            }
            if openAlready { continuation.resume() }
        }
    }

    func open() {
        let released = lock.withLock {
            isOpen = true
            defer { waiters = [] }
            return waiters
        }
        for waiter in released {
            waiter.resume()
        }
    }
}
