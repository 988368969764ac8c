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

    /// Released on another queue, the observation ends on the main queue,
    /// soon after: its host's observer list belongs to the main queue.
    deinit {
        guard let action = onCancel else { return }
        MainQueue.run(action)
    }
}

/// A host's list of observers of one kind of value (renderings or outputs),
/// called synchronously in registration order.
///
/// A delivery round is linear in the number of observers: each entry
/// carries its own cancelled flag, which the round reads, rather than being
/// looked for in the list. The list is sorted by ID (IDs grow), so that a
/// cancel finds its entry by a binary search.
@usableFromInline @MainActor
package final class HostObservers<Value> {
    /// One observer. A class, so that a round running on a copy of the list
    /// sees a cancel made meanwhile.
    @usableFromInline
    final class Entry {
        @usableFromInline let body: (Value) -> Void
        let finish: (() -> Void)?
        let id: UInt64
        /// Unchecked: set and read on the main queue only, never across a
        /// call (R22).
        @exclusivity(unchecked) @usableFromInline var isCancelled = false

        init(id: UInt64, body: @escaping (Value) -> Void, finish: (() -> Void)?) {
            self.id = id
            self.body = body
            self.finish = finish
        }
    }

    /// Unchecked: read by the host's specialised code at the end of every
    /// cascade, and by the deinit. Every access is on the main queue, the
    /// methods' (main-actor code) and the deinit's, which runs when the
    /// host, the one owner, is released there (R22); no access spans a call:
    /// a delivery round runs on a copy, and removed closures go only after
    /// the list is consistent (R24).
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

    /// Forgets the observer `id`. Its closures go only once the list is
    /// consistent: they may hold the last reference to the host, whose
    /// teardown empties this list (R24). A round running now skips it.
    private func remove(_ id: UInt64) {
        guard let index = position(of: id) else { return }
        let removed = entries.remove(at: index)
        removed.isCancelled = true
        keepingAlive(removed) {}
    }

    /// Where the observer `id` is, if still registered: a binary search, the
    /// IDs growing along the list.
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

    /// Forgets every observer, finishing the streams: the host is gone. An
    /// observer that released the host stops the round it was called in.
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

    /// Calls every observer still registered, in order. Specialised, at
    /// the end of every cascade.
    @inlinable
    package func deliver(_ value: Value) {
        // A copy: an observer may cancel (itself or another) or register
        // one; the copy keeps the closures of the ones cancelled until the
        // round is over (R24), and one added meanwhile waits for the next.
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
