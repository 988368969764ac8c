import Workflow

extension ReferenceObserverList where Value: Sendable {
    /// A stream that is an observer of this list (R25): `first`, if any,
    /// then every value delivered from now on, kept by `bufferingPolicy`
    /// until read; it finishes when the host goes away. A consumer that
    /// stops reading removes its observer.
    func stream(
        startingWith first: Value?,
        bufferingPolicy: AsyncStream<Value>.Continuation.BufferingPolicy
    ) -> AsyncStream<Value> {
        AsyncStream(Value.self, bufferingPolicy: bufferingPolicy) { continuation in
            if let first {
                continuation.yield(first)
            }
            let observation = add({ continuation.yield($0) }, onFinish: { continuation.finish() })
            continuation.onTermination = { _ in
                // On the consumer's thread; the list is the main queue's (R22).
                MainQueue.run { observation.cancel() }
            }
        }
    }
}
