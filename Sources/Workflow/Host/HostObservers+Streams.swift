extension HostObservers where Value: Sendable {
    /// A stream of this list's values as an entry of it (R25): `first`, if
    /// any, then every value from now on, buffered by `bufferingPolicy`. It
    /// finishes when the host goes away; a consumer that stops ends its entry.
    package func stream(
        startingWith first: Value?,
        bufferingPolicy: AsyncStream<Value>.Continuation.BufferingPolicy
    ) -> AsyncStream<Value> {
        AsyncStream(Value.self, bufferingPolicy: bufferingPolicy) { continuation in
            if let first {
                continuation.yield(first)
            }
            let observation = add({ continuation.yield($0) }, finish: { continuation.finish() })
            continuation.onTermination = { _ in
                // On the consumer's thread; the list is the main queue's (R22).
                MainQueue.run { observation.cancel() }
            }
        }
    }
}
