import Dispatch

/// Rule R22: all runtime work happens on the main queue. Checked by a
/// queue-specific value: on Linux `dispatchPrecondition` allocates per call,
/// and `Thread.isMainThread` is false for main-actor code under Swift Testing.
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

    /// Stops the program off the main queue, naming `use` even when optimised.
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

    /// Runs main-actor `body(value)` where the caller knows it is on the main
    /// queue, checking nothing. Passing `value` lets a closure literal capture
    /// nothing: call it from non-generic code, or it captures metadata.
    /// Runs `body` on the main queue after every block it holds now.
    package static func afterCurrentBlocks(_ body: @escaping @MainActor () -> Void) {
        DispatchQueue.main.async { MainActor.assumeIsolated { body() } }
    }

    @inlinable @inline(__always)
    package static func assumeMainActor<Value>(_ value: Value, _ body: @escaping @MainActor (Value) -> Void) {
        // Sound: main-actor isolation changes what is checked, not the call.
        unsafeBitCast(body, to: ((Value) -> Void).self)(value)
    }
}
