#if canImport(Combine)
import Combine
#else
import OpenCombine
#endif
import Workflow

/// A reference host's `renderingPublisher` or `outputPublisher` (R25): each
/// subscriber is an observer of the host's list, so it hears values in the
/// same round and order as the other observers.
///
/// - A rendering publisher (`current` set) first gives the host's current
///   rendering; a subscriber with no demand keeps only the newest rendering.
/// - An output publisher gives what comes after subscribing; a subscriber
///   with no demand misses outputs.
/// - Subscriptions finish when the host goes away; one made after that
///   finishes at once.
struct ReferencePublisher<Value>: Publisher {
    typealias Output = Value
    typealias Failure = Never

    /// Weakly: a publisher kept past its host finishes at once.
    weak var list: ReferenceObserverList<Value>?
    /// The host's current rendering, nil once it is released; nil for outputs.
    let current: (() -> Value?)?

    func receive<S: Subscriber>(subscriber: S) where S.Input == Value, S.Failure == Never {
        let list = list
        // Unchecked: Combine hands subscribers from queue to queue by
        // contract and predates `Sendable`; both are used on the main
        // queue only.
        nonisolated(unsafe) let current = current
        nonisolated(unsafe) let subscriber = subscriber
        // The list is the main queue's (R22).
        MainQueue.run {
            ReferenceSubscription.start(AnySubscriber(subscriber), list: list, current: current)
        }
    }
}

/// One subscriber's observer entry, on the main queue only: a request or a
/// cancel from another queue is carried there.
@MainActor
private final class ReferenceSubscription<Value>: Subscription {
    private var subscriber: AnySubscriber<Value, Never>?
    private var observation: HostObservation?
    private var demand = Subscribers.Demand.none
    private let keepsNewest: Bool
    /// The value waiting for demand (renderings only).
    private var waiting: Value?

    private init(_ subscriber: AnySubscriber<Value, Never>, keepsNewest: Bool) {
        self.subscriber = subscriber
        self.keepsNewest = keepsNewest
    }

    static func start(_ subscriber: AnySubscriber<Value, Never>, list: ReferenceObserverList<Value>?, current: (() -> Value?)?) {
        let subscription = ReferenceSubscription(subscriber, keepsNewest: current != nil)
        var hostIsAlive = list != nil
        if let current {
            subscription.waiting = current()
            hostIsAlive = hostIsAlive && subscription.waiting != nil
        }
        guard let list, hostIsAlive else {
            subscriber.receive(subscription: Subscriptions.empty)
            subscriber.receive(completion: .finished)
            return
        }
        subscription.observation = list.add(
            { [subscription] value in subscription.receive(value) },
            onFinish: { [subscription] in subscription.finish() }
        )
        subscriber.receive(subscription: subscription)
    }

    nonisolated func request(_ more: Subscribers.Demand) {
        MainQueue.run { [self] in
            demand += more
            if demand > .none, let value = waiting {
                waiting = nil
                receive(value)
            }
        }
    }

    nonisolated func cancel() {
        MainQueue.run { [self] in
            // Let go of once this subscription is consistent (R24).
            let released = (subscriber, observation, waiting)
            subscriber = nil
            observation = nil
            waiting = nil
            released.1?.cancel()
            withExtendedLifetime(released) {}
        }
    }

    private func receive(_ value: Value) {
        guard let subscriber else { return }
        if demand == .none {
            if keepsNewest {
                // The older one goes after the swap (R24).
                var older: Value? = value
                swap(&waiting, &older)
                withExtendedLifetime(older) {}
            }
            return
        }
        demand -= 1
        demand += subscriber.receive(value)
    }

    private func finish() {
        guard let subscriber else { return }
        let released = (observation, waiting)
        self.subscriber = nil
        observation = nil
        waiting = nil
        subscriber.receive(completion: .finished)
        withExtendedLifetime(released) {}
    }
}
