/// Receives values, usually actions for a workflow node.
///
/// Sinks made by `RenderContext.makeSink(of:)` address their node through the
/// runtime (R13): they stay valid while the node lives and declares the
/// action type, and become silent no-ops afterwards.
///
/// A sink may be kept and passed anywhere (it is `Sendable`), but values are
/// sent on the main actor (R22): from Swift 6 code the compiler checks that,
/// and for Swift 5 code the runtime does, at each send.
public struct Sink<Value>: Sendable {
    /// One reference (a sink is 8 bytes in a rendering): a runtime
    /// registration, a closure, or a mapping of another sink.
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

    // `send` is declared twice, told apart by the argument's convention
    // (which a call does not see), one for each language mode of the code
    // that calls it. Swift 6 code gets a plain main-actor method: a send from
    // elsewhere does not compile, so the runtime does not check it again.
    // Swift 5 code gets a `@preconcurrency` one, which it may call from code
    // the compiler cannot place (a callback of an API without isolation,
    // `DispatchQueue.main.async`): that one checks the main queue first and
    // stops the program with R22's message off it.

    /// Sends `value` into the sink.
    @available(swift, introduced: 6)
    @MainActor @inlinable
    public func send(_ value: __owned Value) {
        target.receive(value)
    }

    /// Sends `value` into the sink; called off the main queue, it stops the
    /// program, naming the sink's workflow and key (R22).
    @available(swift, obsoleted: 6)
    @preconcurrency @MainActor @inlinable
    public func send(_ value: __shared Value) {
        target.receiveFromUncheckedCaller(value)
    }

    /// A sink of `NewValue` that transforms each value and sends it here.
    @preconcurrency
    public func contraMap<NewValue>(_ transform: @escaping @MainActor (NewValue) -> Value) -> Sink<NewValue> {
        Sink<NewValue>(target: MappedSinkTarget(base: target, transform: transform))
    }
}
