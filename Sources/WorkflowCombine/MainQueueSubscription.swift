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
@usableFromInline
final class MainQueueSubscription {
    private var cancellable: AnyCancellable?
    /// Read and written on the main queue only.
    private var hasEnded = false

    @usableFromInline
    init<Upstream: Publisher>(to publisher: Upstream, deliver: @escaping (Upstream.Output) -> Void)
    where Upstream.Failure == Never {
        cancellable = publisher.sink { [weak self] value in
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
