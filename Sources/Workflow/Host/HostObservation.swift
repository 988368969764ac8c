/// A registration made by `observeRenderings` or `observeOutputs`. It lasts
/// until `cancel()` is called or the value is released.
@preconcurrency @MainActor
public final class HostObservation {
    private var onCancel: (@MainActor () -> Void)?

    package init(onCancel: @escaping @MainActor () -> Void) {
        self.onCancel = onCancel
    }

    /// Stops the observation; it is not called again, even within the
    /// delivery round that cancelled it. Call it on the main queue (R22).
    public func cancel() {
        MainQueue.check("HostObservation.cancel() was called")
        let action = onCancel
        onCancel = nil
        action?()
    }

    /// Released elsewhere, it ends soon after on the main queue, its list's.
    deinit {
        guard let action = onCancel else { return }
        MainQueue.run(action)
    }
}

/// A host's observers of renderings or outputs, called synchronously in order
/// of registration. A round reads each entry's cancelled flag (linear); a
/// cancel finds its entry by binary search, the IDs growing.
@usableFromInline @MainActor
package final class HostObservers<Value> {
    /// A class, so that a round running on a copy sees a cancel made meanwhile.
    @usableFromInline
    final class Entry {
        @usableFromInline let body: (Value) -> Void
        let finish: (() -> Void)?
        let id: UInt64
        /// Unchecked: on the main queue only (R22), never across a call.
        @exclusivity(unchecked) @usableFromInline var isCancelled = false

        init(id: UInt64, body: @escaping (Value) -> Void, finish: (() -> Void)?) {
            self.id = id
            self.body = body
            self.finish = finish
        }
    }

    /// Unchecked (read by the host's specialised code and the deinit): all on
    /// the main queue, where the host, the one owner, is released (R22); none
    /// spans a call: rounds run on a copy, closures go later (R24).
    @exclusivity(unchecked) @usableFromInline nonisolated(unsafe) var entries: [Entry] = []
    private var nextID: UInt64 = 0

    @usableFromInline package init() {}

    @inlinable
    package var isEmpty: Bool { entries.isEmpty }

    /// Registers `body`; `finish` runs if the host goes away first.
    package func add(_ body: @escaping (Value) -> Void, finish: (() -> Void)? = nil) -> HostObservation {
        let id = nextID
        nextID += 1
        entries.append(Entry(id: id, body: body, finish: finish))
        return HostObservation { [weak self] in
            self?.remove(id)
        }
    }

    /// Its closures go once the list is consistent: they may hold the last
    /// reference to the host, whose teardown empties this list (R24).
    private func remove(_ id: UInt64) {
        guard let index = position(of: id) else { return }
        let removed = entries.remove(at: index)
        removed.isCancelled = true
        keepingAlive(removed) {}
    }

    /// The index of the observer `id`, if still registered.
    func position(of id: UInt64) -> Int? {
        var low = 0
        var high = entries.count
        while low < high {
            let middle = low + (high - low) / 2
            if entries[middle].id < id {
                low = middle + 1
            } else {
                high = middle
            }
        }
        return low < entries.count && entries[low].id == id ? low : nil
    }

    /// Forgets every observer, finishing the streams: the host is gone. A
    /// release from inside a cascade gets here once it unwound, so a round
    /// running then ends first.
    package func finishAll() {
        let finished = entries
        entries = []
        for entry in finished {
            entry.isCancelled = true
        }
        #if DEBUG  // fault injection (differential tests): none finished
        if FaultInjection.leaveObserversOpenOnRelease { return }
        #endif
        for entry in finished {
            entry.finish?()
        }
        // The closures go last, after every stream finished (R24).
        keepingAlive(finished) {}
    }

    /// Calls every observer still registered, in order, at each cascade's end.
    @inlinable
    package func deliver(_ value: Value) {
        // A copy: an observer may cancel or register one; the copy keeps the
        // cancelled closures to the round's end (R24), and one added waits.
        let round = entries
        #if DEBUG  // fault injection (differential tests): the last registered first
        if FaultInjection.deliverToObserversLastFirst {
            for entry in round.reversed() where !entry.isCancelled {
                entry.body(value)
            }
            return
        }
        #endif
        for entry in round where !entry.isCancelled {
            entry.body(value)
        }
    }

    deinit {
        let finished = entries
        entries = []
        for entry in finished {
            entry.isCancelled = true
            entry.finish?()
        }
    }
}
