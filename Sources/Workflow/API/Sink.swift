/// Receives values, usually actions for a workflow node.
///
/// A node's sink works while the node lives and declares its action type
/// (R13), then does nothing. Send on the main actor (R22).
public struct Sink<Value>: Sendable {
    /// One reference, 8 bytes: a registration, a closure or a mapped sink.
    @usableFromInline
    let target: SinkTarget<Value>

    /// A sink that calls `onValue` with each value sent.
    @preconcurrency
    public init(_ onValue: @escaping @MainActor (Value) -> Void) {
        self.target = ClosureSinkTarget(onValue)
    }

    @inlinable
    init(target: SinkTarget<Value>) {
        self.target = target
    }

    // One `send` per caller language mode, told apart by argument convention;
    // Swift 5 callers, unchecked by the compiler, get one that checks (R22).

    /// Sends `value` into the sink.
    @available(swift, introduced: 6)
    @MainActor @inlinable
    public func send(_ value: __owned Value) {
        target.receive(value)
    }

    /// Sends `value`; off the main queue it stops the program (R22).
    @available(swift, obsoleted: 6)
    @preconcurrency @MainActor @inlinable
    public func send(_ value: __shared Value) {
        target.receiveFromUncheckedCaller(value)
    }

    /// `onWorkerValue` gets what `sendFromWorker` sends (B1).
    package init(_ onValue: @escaping @MainActor (Value) -> Void, fromWorker onWorkerValue: @escaping @MainActor (Value) -> Void) {
        self.target = ClosureSinkTarget(onValue, fromWorker: onWorkerValue)
    }

    /// A worker's output (B1): on a host that renders bursts once it waits
    /// for the end of the main queue's turn; on any other, it is `send`.
    @MainActor @inlinable
    package func sendFromWorker(_ value: __owned Value) {
        target.receiveFromWorker(value)
    }

    /// A sink of `NewValue` that transforms each value and sends it here.
    @preconcurrency
    public func contraMap<NewValue>(_ transform: @escaping @MainActor (NewValue) -> Value) -> Sink<NewValue> {
        Sink<NewValue>(target: MappedSinkTarget(base: target, transform: transform))
    }
}
