/// Receives values, usually actions for a workflow node.
///
/// Sinks made by `RenderContext.makeSink(of:)` address their node through the
/// runtime (R13): they stay valid while the node lives and declares the
/// action type, and become silent no-ops afterwards.
public struct Sink<Value> {
    @usableFromInline
    enum Destination {
        case closure((Value) -> Void)
        case runtime(SinkTarget<Value>)
    }

    @usableFromInline
    let destination: Destination

    /// A sink that calls `onValue` with each value sent.
    public init(_ onValue: @escaping (Value) -> Void) {
        self.destination = .closure(onValue)
    }

    @inlinable
    init(target: SinkTarget<Value>) {
        self.destination = .runtime(target)
    }

    /// Sends `value` into the sink.
    @inlinable
    public func send(_ value: Value) {
        switch destination {
        case let .closure(onValue): onValue(value)
        case let .runtime(target): target.receive(value)
        }
    }

    /// A sink of `NewValue` that transforms each value and sends it here.
    public func contraMap<NewValue>(_ transform: @escaping (NewValue) -> Value) -> Sink<NewValue> {
        Sink<NewValue> { self.send(transform($0)) }
    }
}
