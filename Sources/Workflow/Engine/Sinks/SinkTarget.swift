/// What a `Sink<Value>` holds. A render pass's sink is its registration
/// (`ActionSinkTarget`), so it costs nothing to make; closures and
/// `contraMap` use the targets below. Every target is a `SinkRegistration`,
/// so registrations form a list without a box each.
@usableFromInline
package class SinkTarget<Value>: SinkRegistration {
    nonisolated init() {
        super.init(declaredInPass: 0)
    }

    @inlinable
    nonisolated override init(declaredInPass: UInt32) {
        super.init(declaredInPass: declaredInPass)
    }

    /// A send the compiler proved to run on the main actor (R22).
    @usableFromInline
    func receive(_ value: Value) { fatalError("abstract") }

    /// A send from code the compiler could not check (Swift 5 code): a
    /// registration checks the main queue before anything else (R22).
    @usableFromInline
    func receiveFromUncheckedCaller(_ value: Value) { receive(value) }

    /// A worker's output (B1): a send unless the target tells them apart.
    @usableFromInline
    func receiveFromWorker(_ value: Value) { receive(value) }
}

/// `Sink { ... }`: calls the closure (the reference runtime's sinks too).
final class ClosureSinkTarget<Value>: SinkTarget<Value> {
    let onValue: @MainActor (Value) -> Void
    /// The reference runtime's sinks hear workers' outputs apart (B1).
    let onWorkerValue: (@MainActor (Value) -> Void)?

    nonisolated init(
        _ onValue: @escaping @MainActor (Value) -> Void, fromWorker onWorkerValue: (@MainActor (Value) -> Void)? = nil
    ) {
        self.onValue = onValue
        self.onWorkerValue = onWorkerValue
        super.init()
    }

    override func receive(_ value: Value) { onValue(value) }

    override func receiveFromWorker(_ value: Value) { (onWorkerValue ?? onValue)(value) }
}

/// `contraMap`: transforms each value and sends it to the base target.
final class MappedSinkTarget<Value, BaseValue>: SinkTarget<Value> {
    let base: SinkTarget<BaseValue>
    let transform: @MainActor (Value) -> BaseValue

    nonisolated init(base: SinkTarget<BaseValue>, transform: @escaping @MainActor (Value) -> BaseValue) {
        self.base = base
        self.transform = transform
        super.init()
    }

    override func receive(_ value: Value) { base.receive(transform(value)) }

    override func receiveFromUncheckedCaller(_ value: Value) { base.receiveFromUncheckedCaller(transform(value)) }

    override func receiveFromWorker(_ value: Value) { base.receiveFromWorker(transform(value)) }
}
