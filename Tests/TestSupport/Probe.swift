import Foundation
import Workflow

/// What the workers and workflows of one test did, in order: workers write
/// from their tasks (any thread), workflows from the main queue.
///
/// A probe belongs to one test: tests run concurrently, so nothing here is
/// global.
public final class Probe: @unchecked Sendable {
    private let lock = NSLock()
    private var storage: [String] = []
    private var renderDepth = 0
    private var misplaced: [String] = []

    /// Every event recorded, in order.
    public init() {}

    public var events: [String] {
        lock.withLock { storage }
    }

    /// How many recorded events equal `event`.
    public func count(_ event: String) -> Int {
        events.filter { $0 == event }.count
    }

    public func record(_ event: String) {
        lock.withLock { storage.append(event) }
    }

    /// Runs a render body, marking the time inside it.
    public func rendering<T>(_ body: () -> T) -> T {
        lock.withLock { renderDepth += 1 }
        defer { lock.withLock { renderDepth -= 1 } }
        return body()
    }

    /// Records an output that reached a workflow, and whether it came at a
    /// wrong place: off the main queue, or inside a render (WK1).
    public func delivered(_ output: String) {
        let inRender = lock.withLock { renderDepth > 0 }
        let onMain = MainQueue.isOnMainQueue
        record("output \(output)")
        if inRender || !onMain {
            lock.withLock { misplaced.append("\(output): inRender=\(inRender) onMain=\(onMain)") }
        }
    }

    /// Outputs that arrived off the main queue or during a render.
    public var misplacedDeliveries: [String] {
        lock.withLock { misplaced }
    }
}
