/// The cascades waiting behind the running one, oldest first (R15), for both
/// hosts' gates.
///
/// Taking the oldest is O(1): a head index moves along the array instead of
/// `removeFirst()` shifting every element, so k sends queued behind one
/// cascade cost O(k), not k²/2 moves. The taken places are given back when
/// the queue empties, or in one move once they outnumber the waiting ones,
/// so a queue that never empties (each cascade queueing the next) stays as
/// long as what waits.
package struct CascadeQueue {
    /// `head..<count` wait; the places before `head` were taken (nil).
    private var cascades: [(() -> Void)?] = []
    private var head = 0

    package init() {}

    package var isEmpty: Bool { head == cascades.count }

    /// How many cascades wait.
    package var count: Int { cascades.count - head }

    /// How many places the queue holds, taken ones included: at most about
    /// twice what waits.
    var storedCount: Int { cascades.count }

    /// Adds a cascade behind the others.
    package mutating func append(_ cascade: @escaping () -> Void) {
        cascades.append(cascade)
    }

    /// Takes out the oldest cascade; nil if none waits.
    package mutating func popFirst() -> (() -> Void)? {
        guard head < cascades.count else { return nil }
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
        return oldest
    }

    /// Takes out the newest cascade; nil if none waits (a fault switch of
    /// the differential tests runs the queue this way).
    package mutating func popLast() -> (() -> Void)? {
        guard head < cascades.count else { return nil }
        let newest = cascades.removeLast()
        if head == cascades.count {
            cascades.removeAll(keepingCapacity: true)
            head = 0
        }
        return newest
    }

    /// Takes out every waiting cascade, oldest first, leaving the queue
    /// empty: the caller lets go of them once its own state is consistent
    /// (R24).
    package mutating func removeAll() -> [() -> Void] {
        let waiting = cascades[head...].map { $0.unsafelyUnwrapped }
        cascades = []
        head = 0
        return waiting
    }
}
