#if canImport(Combine)
import Combine
#else
import OpenCombine
#endif

/// The host publishers: each subscriber is a host observer list entry, so all
/// share one delivery path and order (R25); with none, the host pays nothing.
package struct HostPublisher<Value>: Publisher {
    package typealias Output = Value
    package typealias Failure = Never

    /// Weak: a publisher kept past its host finishes its subscribers at once.
    private weak var observers: HostObservers<Value>?
    /// What a new subscriber gets first (the rendering); nil: no replay.
    private let current: (() -> Value?)?

    /// Without `current` an undemanded value is dropped (a passthrough
    /// subject); with it, the newest one waits (a current-value subject).
    package init(observers: HostObservers<Value>, current: (() -> Value?)?) {
        self.observers = observers
        self.current = current
    }

    package func receive<S: Subscriber>(subscriber: S) where S.Input == Value, S.Failure == Never {
        // Unchecked: Combine predates `Sendable` and moves subscribers across
        // queues by contract; here they are used on the main queue only.
        let observers = observers
        nonisolated(unsafe) let current = current
        nonisolated(unsafe) let subscriber = subscriber
        // The observer list belongs to the main queue (R22).
        MainQueue.run {
            HostSubscription<Value>.attach(subscriber, to: observers, current: current)
        }
    }
}

/// One subscriber's entry in a host observer list, confined to the main queue
/// (R22): a request or cancel from elsewhere goes there, so delivery takes no
/// lock. Unspecialised, it holds the subscriber in closures, whose fixed
/// layout spares the metadata look-ups an optional of its type would need.
@MainActor
final class HostSubscription<Value>: Subscription {
    private typealias Receive = (Value) -> Subscribers.Demand
    private var receive: Receive?
    private var complete: (() -> Void)?
    private var observation: HostObservation?
    private var demand = Subscribers.Demand.none
    /// Keeps an undemanded value for a replaying publisher.
    private let keepsNewest: Bool
    private var pending: Value?

    private init<Downstream: Subscriber>(_ subscriber: Downstream, keepsNewest: Bool)
    where Downstream.Input == Value, Downstream.Failure == Never {
        receive = { subscriber.receive($0) }
        complete = { subscriber.receive(completion: .finished) }
        self.keepsNewest = keepsNewest
    }

    /// Registers `subscriber`; with no host left, it is finished at once.
    static func attach<Downstream: Subscriber>(
        _ subscriber: Downstream,
        to observers: HostObservers<Value>?,
        current: (() -> Value?)?
    ) where Downstream.Input == Value, Downstream.Failure == Never {
        let subscription = HostSubscription(subscriber, keepsNewest: current != nil)
        if let current {
            subscription.pending = current()
        }
        guard let observers, current == nil || subscription.pending != nil else {
            subscriber.receive(subscription: Subscriptions.empty)
            subscriber.receive(completion: .finished)
            return
        }
        subscription.observation = observers.add(
            { value in subscription.deliver(value) },
            finish: { subscription.finish() }
        )
        subscriber.receive(subscription: subscription)
    }

    nonisolated func request(_ newDemand: Subscribers.Demand) {
        MainQueue.run { [self] in
            demand += newDemand
            guard demand > .none, let value = pending else { return }
            pending = nil
            deliver(value)
        }
    }

    nonisolated func cancel() {
        MainQueue.run { [self] in
            let released = (receive, complete, pending, observation)
            receive = nil
            complete = nil
            pending = nil
            observation = nil
            // Once this subscription is consistent: cancelling the entry and
            // letting go of the subscriber may run user code (R24).
            released.3?.cancel()
            keepingAlive(released) {}
        }
    }

    /// To the subscriber if it asked for one, else kept (rendering) or dropped.
    private func deliver(_ value: Value) {
        guard let receive else { return }
        guard demand > .none else {
            if keepsNewest {
                // Swapped in: the old rendering may hold the last reference
                // to an object whose deinit cancels this subscription (R24).
                var replaced: Value? = value
                swap(&pending, &replaced)
                keepingAlive(replaced) {}
            }
            return
        }
        demand -= 1
        let more = receive(value)
        demand += more
    }

    private func finish() {
        guard let complete else { return }
        let released = (receive, pending, observation)
        receive = nil
        self.complete = nil
        pending = nil
        observation = nil
        complete()
        // Once this subscription is consistent (R24).
        keepingAlive(released) {}
    }
}
