/// The cascades waiting behind the running one, oldest first (R15). A head
/// index makes taking the oldest O(1) (k queued sends cost O(k), not k²/2
/// moves); taken places go when the queue empties or they outnumber the
/// waiting, so a queue that never empties stays as long as what waits. A
/// send's cascade may join a burst (B1); an update's never does.
package struct CascadeQueue {
    private struct Entry { let cascade: () -> Void, joinsBurst: Bool }

    /// `head..<count` wait; the places before `head` were taken (nil).
    private var cascades: [Entry?] = []
    private var head = 0

    package init() {}

    package var isEmpty: Bool { head == cascades.count }

    package var count: Int { cascades.count - head }

    /// Places held, taken ones included: at most about twice what waits.
    var storedCount: Int { cascades.count }

    package mutating func append(_ cascade: @escaping () -> Void, joinsBurst: Bool = false) {
        cascades.append(Entry(cascade: cascade, joinsBurst: joinsBurst))
    }

    /// Takes out the oldest cascade; nil if none waits, or if asked for one
    /// that joins a burst (B1) and the oldest does not.
    package mutating func popFirst(joiningBurst: Bool = false) -> (() -> Void)? {
        guard head < cascades.count, !joiningBurst || cascades[head].unsafelyUnwrapped.joinsBurst else { return nil }
        let oldest = cascades[head]
        cascades[head] = nil
        head += 1
        if head == cascades.count {
            cascades.removeAll(keepingCapacity: true)
            head = 0
        } else if head >= 16, head * 2 >= cascades.count {
            cascades.removeFirst(head)
            head = 0
        }
        return oldest.unsafelyUnwrapped.cascade
    }

    /// Takes out the newest cascade, for a fault switch; nil if none waits.
    package mutating func popLast() -> (() -> Void)? {
        guard head < cascades.count else { return nil }
        let newest = cascades.removeLast()
        if head == cascades.count {
            cascades.removeAll(keepingCapacity: true)
            head = 0
        }
        return newest.unsafelyUnwrapped.cascade
    }

    /// Empties the queue, oldest first: the caller lets go of them once its
    /// own state is consistent (R24).
    package mutating func removeAll() -> [() -> Void] {
        let waiting = cascades[head...].map { $0.unsafelyUnwrapped.cascade }
        cascades = []
        head = 0
        return waiting
    }
}
