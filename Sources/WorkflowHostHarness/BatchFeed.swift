/// Values handed to an async iteration in batches, as a socket hands them
/// over: the iteration takes a whole batch in the turn of the main queue
/// that resumes it, since its iterator keeps the caller's isolation and
/// does not suspend while values wait. Used on the main queue only: by the
/// sender, and by an iteration on the main actor (a worker's).
public final class BatchFeed<Element>: AsyncSequence, @unchecked Sendable {
    // Inlinable, so that an iteration specialises it. A sequence's
    // witnesses run where its conformance is: a caller that must not pay a
    // generic call per value wraps `take` in a sequence of its own.
    @usableFromInline var waiting: [Element] = []
    @usableFromInline var next = 0
    @usableFromInline var resume: CheckedContinuation<Void, Never>?
    @usableFromInline var isFinished = false

    public init() {}

    /// Hands over `batch`; the iteration takes it in its next turn.
    public func send(_ batch: [Element]) {
        waiting += batch
        resume.take()?.resume()
    }

    /// Ends the iteration once what waits is taken, so that the task
    /// iterating ends too.
    public func finish() {
        isFinished = true
        resume.take()?.resume()
    }

    /// The next value, in the caller's isolation (no hop off the main actor
    /// per value); nil once finished and all taken.
    @inlinable
    public func take(isolation: isolated (any Actor)?) async -> Element? {
        if next == waiting.count {
            waiting.removeAll(keepingCapacity: true)
            next = 0
            if !isFinished { await withCheckedContinuation(isolation: isolation) { resume = $0 } }
            if next == waiting.count { return nil }
        }
        next += 1
        return waiting[next - 1]
    }

    public struct AsyncIterator: AsyncIteratorProtocol {
        @usableFromInline let feed: BatchFeed

        @inlinable
        init(feed: BatchFeed) { self.feed = feed }

        @inlinable
        public mutating func next() async -> Element? { await feed.take(isolation: nil) }

        @inlinable
        public mutating func next(isolation actor: isolated (any Actor)?) async -> Element? {
            await feed.take(isolation: actor)
        }
    }

    @inlinable
    public func makeAsyncIterator() -> AsyncIterator { AsyncIterator(feed: self) }
}
