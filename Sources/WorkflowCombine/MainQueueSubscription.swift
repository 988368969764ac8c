#if canImport(Combine)
import Combine
#else
import OpenCombine
#endif
import Dispatch

/// A side effect's subscription to a publisher: every value is handed to
/// `deliver` later, on the main queue, so never inside the render that
/// subscribed nor inside any other (WK1), in the order the publisher emitted
/// them. Once `end()` is called, which the side effect's lifetime does,
/// nothing more is delivered, even a value already on its way (WK2, WK3).
@usableFromInline @MainActor
final class MainQueueSubscription {
    /// Unchecked: set by the initializer and cleared by `end()`, both
    /// called on the main queue (a side effect starts and ends there); the
    /// publisher's closure never touches it.
    nonisolated(unsafe) private var cancellable: AnyCancellable?
    /// Read and written on the main queue only.
    private var hasEnded = false

    /// Nonisolated, so that the publisher's closure below is too: the
    /// publisher calls it from its own queue, which a main-actor closure
    /// would stop the program on (Swift 6 checks a main-actor closure's
    /// executor when a Swift 5 module, here Combine, calls it).
    @usableFromInline
    nonisolated init<Upstream: Publisher>(to publisher: Upstream, deliver: @escaping (Upstream.Output) -> Void)
    where Upstream.Failure == Never {
        // Unchecked: `deliver` is made and called on the main queue only.
        nonisolated(unsafe) let deliver = deliver
        cancellable = publisher.sink { [weak self] value in
            // Unchecked: Combine hands values from the publisher's queue to
            // its subscriber by contract, and predates `Sendable`; the value
            // goes on to the main queue and is used there only.
            nonisolated(unsafe) let value = value
            DispatchQueue.main.async {
                guard let self, !self.hasEnded else { return }
                deliver(value)
            }
        }
    }

    /// Cancels the subscription. Call on the main queue.
    @usableFromInline
    func end() {
        hasEnded = true
        let cancellable = cancellable
        self.cancellable = nil
        // Cancelling may run the publisher's own code: done last.
        cancellable?.cancel()
    }
}
