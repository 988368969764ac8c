import Workflow

/// One reference host's list of rendering observers, or of output observers
/// (R25): `observeRenderings` / `observeOutputs` calls, publisher
/// subscribers and streams, called in the order they were added.
///
/// - A round calls the observers that were there when it began; one
///   cancelled meanwhile is not called, one added meanwhile waits for the
///   next round.
/// - When the host goes away, each observer's `finish` runs, in order.
/// - R24: an observer's closures go only once the list no longer holds it.
@MainActor
final class ReferenceObserverList<Value> {
    /// One observer. A class, so that a round and the list see the same
    /// `isCancelled`.
    private final class Observer {
        let onValue: (Value) -> Void
        let onFinish: (() -> Void)?
        var isCancelled = false

        init(onValue: @escaping (Value) -> Void, onFinish: (() -> Void)?) {
            self.onValue = onValue
            self.onFinish = onFinish
        }
    }

    private var observers: [Observer] = []

    /// Adds an observer; `onFinish` runs if the host goes away first.
    func add(_ onValue: @escaping (Value) -> Void, onFinish: (() -> Void)? = nil) -> HostObservation {
        let observer = Observer(onValue: onValue, onFinish: onFinish)
        observers.append(observer)
        // Weakly: the list alone keeps an observer (and a round running).
        return HostObservation { [weak self, weak observer] in
            guard let self, let observer else { return }
            cancel(observer)
        }
    }

    private func cancel(_ observer: Observer) {
        observer.isCancelled = true
        guard let index = observers.firstIndex(where: { $0 === observer }) else { return }
        // Taken out, then let go of once the list is consistent (R24).
        let removed = observers.remove(at: index)
        withExtendedLifetime(removed) {}
    }

    /// Calls every observer of this round with `value`, in order.
    func deliver(_ value: Value) {
        let round = observers
        for observer in round where !observer.isCancelled {
            observer.onValue(value)
        }
    }

    /// The host went away: every observer is removed and finished, in order.
    func finishAll() {
        let finished = observers
        observers = []
        for observer in finished {
            observer.isCancelled = true
            observer.onFinish?()
        }
    }

    deinit {
        // Its host, the one owner, is released on the main queue (R22).
        MainQueue.assumeMainActor(self) { $0.finishOnRelease() }
    }

    private func finishOnRelease() {
        let finished = observers
        observers = []
        for observer in finished {
            observer.onFinish?()
        }
    }
}
