/// What a `Sink<Value>` holds: something that receives values. The fast
/// runtime's registrations (`ActionSinkTarget`) are targets themselves, so a
/// sink made in a render pass is a reference to its registration and costs
/// nothing to make; a sink made from a closure, or by `contraMap`, holds one
/// of the small targets below.
///
/// Every target is a `SinkRegistration` so that a node's registrations form
/// one list without a box each; the other targets leave those fields unused.
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
}

/// `Sink { ... }`: calls the closure (the reference runtime's sinks too).
final class ClosureSinkTarget<Value>: SinkTarget<Value> {
    let onValue: @MainActor (Value) -> Void

    nonisolated init(_ onValue: @escaping @MainActor (Value) -> Void) {
        self.onValue = onValue
        super.init()
    }

    override func receive(_ value: Value) {
        onValue(value)
    }
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

    override func receive(_ value: Value) {
        base.receive(transform(value))
    }

    override func receiveFromUncheckedCaller(_ value: Value) {
        base.receiveFromUncheckedCaller(transform(value))
    }
}
