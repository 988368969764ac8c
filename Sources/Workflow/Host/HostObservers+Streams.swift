extension HostObservers where Value: Sendable {
    /// A new stream of this list's values, as an entry of the list (R25):
    /// `first`, if any, then every value delivered from now on, buffered by
    /// `bufferingPolicy` until the consumer reads. It finishes when the host
    /// goes away; a consumer that stops reading ends its entry.
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
                // Called on the consumer's thread; the list belongs to the
                // main queue (R22).
                MainQueue.run { observation.cancel() }
            }
        }
    }
}
