#if canImport(Combine)
import Combine
#else
import OpenCombine
#endif

/// What `renderingPublisher` and `outputPublisher` publish: the values one
/// host observer list delivers, each subscriber as an entry of that list,
/// so publishers, `observeRenderings` / `observeOutputs` and the streams
/// share one delivery path and order (R25). A host no one subscribed to
/// has no entry and pays nothing.
package struct HostPublisher<Value>: Publisher {
    package typealias Output = Value
    package typealias Failure = Never

    /// Weak: a publisher kept past its host finishes its subscribers at once.
    private weak var observers: HostObservers<Value>?
    /// The value a new subscriber gets first (the host's current rendering),
    /// or nil for a publisher without replay (outputs).
    private let current: (() -> Value?)?

    /// `current` nil: no replay, a value delivered when the subscriber asked
    /// for none is dropped (as a passthrough subject does). Otherwise the
    /// subscriber first gets `current()`, and an undemanded value waits,
    /// the newest replacing older ones (as a current-value subject does).
    package init(observers: HostObservers<Value>, current: (() -> Value?)?) {
        self.observers = observers
        self.current = current
    }

    package func receive<S: Subscriber>(subscriber: S) where S.Input == Value, S.Failure == Never {
        // Unchecked: Combine hands subscribers, and the publisher's
        // closures, from queue to queue by contract (a subscriber accepts
        // calls from whatever queue its publisher uses) and predates
        // `Sendable`; here they are used on the main queue only.
        let observers = observers
        nonisolated(unsafe) let current = current
        nonisolated(unsafe) let subscriber = subscriber
        // The observer list belongs to the main queue (R22).
        MainQueue.run {
            HostSubscription<Value>.attach(subscriber, to: observers, current: current)
        }
    }
}

/// One subscriber's entry in a host observer list. Confined to the main
/// queue (R22): a request or cancel from elsewhere is carried there, so the
/// delivery path takes no lock.
///
/// The subscriber is reached through closures rather than a stored generic
/// value: publishers are type-erased, so this code runs unspecialised, and a
/// closure's fixed layout spares the delivery path the runtime's metadata
/// look-ups that an optional of the subscriber's type would make.
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

    /// Registers `subscriber` with `observers`; with no host left (the list
    /// is gone, or `current` finds no host), it is finished at once.
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

    /// A value from the host: to the subscriber if it asked for one, else
    /// kept (rendering) or dropped (output).
    private func deliver(_ value: Value) {
        guard let receive else { return }
        guard demand > .none else {
            if keepsNewest {
                // Swapped in: the rendering kept before may hold the last
                // reference to an object whose deinit cancels this
                // subscription (R24).
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
