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
    init() {
        super.init(declaredInPass: 0)
    }

    @inlinable
    override init(declaredInPass: UInt32) {
        super.init(declaredInPass: declaredInPass)
    }

    @usableFromInline
    func receive(_ value: Value) { fatalError("abstract") }
}

/// `Sink { ... }`: calls the closure (the reference runtime's sinks too).
final class ClosureSinkTarget<Value>: SinkTarget<Value> {
    let onValue: (Value) -> Void

    init(_ onValue: @escaping (Value) -> Void) {
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
    let transform: (Value) -> BaseValue

    init(base: SinkTarget<BaseValue>, transform: @escaping (Value) -> BaseValue) {
        self.base = base
        self.transform = transform
        super.init()
    }

    override func receive(_ value: Value) {
        base.receive(transform(value))
    }
}
