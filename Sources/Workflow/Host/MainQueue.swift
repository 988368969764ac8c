import Dispatch

/// Rule R22: all runtime work happens on the main queue.
///
/// The check reads a queue-specific value rather than calling
/// `dispatchPrecondition`, which allocates on every call on Linux, and rather
/// than `Thread.isMainThread`, which is false for main-actor code under Swift
/// Testing on Linux.
package enum MainQueue {
    private static let key: DispatchSpecificKey<Bool> = {
        let key = DispatchSpecificKey<Bool>()
        DispatchQueue.main.setSpecific(key: key, value: true)
        return key
    }()

    /// Whether the current code runs on the main queue.
    package static var isOnMainQueue: Bool {
        DispatchQueue.getSpecific(key: key) == true
    }

    /// Traps when called off the main queue.
    package static func precondition() {
        guard isOnMainQueue else {
            preconditionFailure("The Workflow runtime must be used from the main queue (rule R22): a host was created, updated or sent an action from another queue.")
        }
    }

    /// Runs `body` on the main queue: now if already there, else later.
    package static func run(_ body: @escaping () -> Void) {
        if isOnMainQueue {
            body()
        } else {
            DispatchQueue.main.async(execute: body)
        }
    }
}
