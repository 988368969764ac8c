extension RenderContext {
    /// Runs `action`, off the main actor, in a task started when a pass first
    /// asks for `key` and cancelled when a pass no longer asks for it or the
    /// node or host ends (R11, R26).
    ///
    /// ```swift
    /// let sink = context.makeSink(of: Action.self)
    /// context.runSideEffect(key: "poll") {
    ///     while !Task.isCancelled {
    ///         let inbox = await api.inbox()
    ///         await MainActor.run { sink.send(.loaded(inbox)) }
    ///         try? await Task.sleep(for: .seconds(30))
    ///     }
    /// }
    /// ```
    @inlinable
    public func runSideEffect(key: AnyHashable, action: @escaping @Sendable () async -> Void) {
        runSideEffect(hashableKey: key) { lifetime in
            AsyncSideEffect.start(action, until: lifetime)
        }
    }

    /// The async `runSideEffect(key:action:)`, for a key of a concrete type.
    @inlinable
    public func runSideEffect<Key: Hashable>(key: Key, action: @escaping @Sendable () async -> Void) {
        runSideEffect(hashableKey: key) { lifetime in
            AsyncSideEffect.start(action, until: lifetime)
        }
    }
}

/// The task behind an async side effect (R26).
@usableFromInline
enum AsyncSideEffect {
    /// Starts `action` in a task that `lifetime`'s end cancels.
    @usableFromInline
    static func start(_ action: @escaping @Sendable () async -> Void, until lifetime: Lifetime) {
        let task = Task { await action() }
        lifetime.onEnded { task.cancel() }
    }
}
