import Dispatch

/// Rule R22: all runtime work happens on the main queue.
package enum MainQueue {
    /// Traps when called off the main queue. Checks the queue, not
    /// `Thread.isMainThread`, which is false for main-actor code under Swift
    /// Testing on Linux.
    @inlinable
    package static func precondition() {
        dispatchPrecondition(condition: .onQueue(.main))
    }

    /// Runs `body` on the main queue: now if already there, else later.
    package static func run(_ body: @escaping () -> Void) {
        if isOnMainQueue {
            body()
        } else {
            DispatchQueue.main.async(execute: body)
        }
    }

    private static let key = DispatchSpecificKey<Bool>()
    nonisolated(unsafe) private static var keyInstalled = false

    /// Whether the current code runs on the main queue.
    package static var isOnMainQueue: Bool {
        if !keyInstalled {
            DispatchQueue.main.setSpecific(key: key, value: true)
            keyInstalled = true
        }
        return DispatchQueue.getSpecific(key: key) == true
    }
}
