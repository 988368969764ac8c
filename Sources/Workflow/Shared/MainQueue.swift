import Dispatch

/// Rule R22: all runtime work happens on the main queue.
///
/// The check reads a queue-specific value rather than calling
/// `dispatchPrecondition`, which allocates on every call on Linux, and rather
/// than `Thread.isMainThread`, which is false for main-actor code under Swift
/// Testing on Linux.
@usableFromInline
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

    /// Stops the program when called off the main queue, with a message
    /// naming `use` (the workflow type and key involved). `fatalError`
    /// rather than `precondition`, whose message optimised builds drop.
    @usableFromInline
    package static func check(_ use: @autoclosure () -> String) {
        guard isOnMainQueue else {
            fatalError("\(use()) from another queue than the main queue. The Workflow runtime runs on the main queue (R22): create, read, observe and update hosts, send to sinks, cancel observations and read render traces there (DispatchQueue.main.async, or @MainActor code).")
        }
    }

    /// Runs `body` on the main queue: now if already there, else later.
    package static func run(_ body: @escaping @MainActor () -> Void) {
        if isOnMainQueue {
            assumeMainActor(body) { $0() }
        } else {
            DispatchQueue.main.async { body() }
        }
    }

    /// Runs `body(value)`, main-actor code, from code the compiler cannot
    /// place but that runs on the main queue, the main actor's executor: a
    /// branch that `isOnMainQueue` chose, or a deinit that runs there. Unlike
    /// `MainActor.assumeIsolated` it checks nothing itself (the caller did),
    /// which keeps it free on the paths that use it. `body` is escaping and
    /// gets what it works on as its argument, so that a closure literal
    /// captures nothing and is not allocated (in a generic context it would
    /// capture the type's metadata: call it from a non-generic one).
    @inlinable @inline(__always)
    package static func assumeMainActor<Value>(_ value: Value, _ body: @escaping @MainActor (Value) -> Void) {
        // Sound: the caller runs on the main queue. A main-actor function
        // type differs from a plain one only in what the compiler checks,
        // not in how it is called.
        unsafeBitCast(body, to: ((Value) -> Void).self)(value)
    }
}
