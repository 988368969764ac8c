extension RenderContext {
    /// Runs `action` in a task started the first time a pass asks for `key`;
    /// later passes that ask for `key` leave the task alone, and the task is
    /// cancelled when a pass no longer asks for it, the node ends or the host
    /// goes away (R26). The key rules are those of the `Lifetime` form (R11).
    ///
    /// The action runs off the main actor: to change the workflow's state,
    /// send to a sink from the main actor.
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

    /// `runSideEffect(key:action:)` with an async action, for a key of a
    /// concrete type (kept unboxed when it is an `Int` or a `String`).
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
