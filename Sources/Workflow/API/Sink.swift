/// Receives values, usually actions for a workflow node.
///
/// Sinks made by `RenderContext.makeSink(of:)` address their node through the
/// runtime (R13): they stay valid while the node lives and declares the
/// action type, and become silent no-ops afterwards.
public struct Sink<Value> {
    /// One reference (a sink is 8 bytes in a rendering): a runtime
    /// registration, a closure, or a mapping of another sink.
    @usableFromInline
    let target: SinkTarget<Value>

    /// A sink that calls `onValue` with each value sent.
    public init(_ onValue: @escaping (Value) -> Void) {
        self.target = ClosureSinkTarget(onValue)
    }

    @inlinable
    init(target: SinkTarget<Value>) {
        self.target = target
    }

    /// Sends `value` into the sink.
    @inlinable
    public func send(_ value: Value) {
        target.receive(value)
    }

    /// A sink of `NewValue` that transforms each value and sends it here.
    public func contraMap<NewValue>(_ transform: @escaping (NewValue) -> Value) -> Sink<NewValue> {
        Sink<NewValue>(target: MappedSinkTarget(base: target, transform: transform))
    }
}
