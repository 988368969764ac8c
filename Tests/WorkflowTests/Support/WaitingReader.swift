/// Reads a stream's first value, then waits, suspended in `next()`, for the
/// second: a value the stream holds once the reader waits is the first one
/// published after that point, not a newer one that replaced it in a buffer.
@MainActor
final class WaitingReader<Element> {
    private var isPastFirst = false
    private var task: Task<Element?, Never>!

    init(_ stream: AsyncStream<Element>) {
        task = Task { @MainActor in
            var iterator = stream.makeAsyncIterator()
            _ = await iterator.next()
            isPastFirst = true
            return await iterator.next()
        }
    }

    /// Returns once the reader has its first value and waits for the second:
    /// both run on the main actor, so it suspended in `next()` by then.
    func waitUntilPastFirst() async {
        while !isPastFirst {
            await Task.yield()
        }
    }

    /// The second value.
    func second() async -> Element? {
        await task.value
    }
}
