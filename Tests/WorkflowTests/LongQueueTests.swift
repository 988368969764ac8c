import Testing
@testable import Workflow
import WorkflowHostHarness

// Long queues and many observers (R15, R17): the waiting cascades and the
// observer lists keep their order and their rules at any length. What they
// cost per element is measured by the benchmarks (queued sends, observers),
// not here.

@MainActor
@Suite("Long queues and many observers")
struct LongQueueTests {
    @Test("R15: 10,000 sends queued behind one cascade each run once, in order, each as its own cascade", arguments: RuntimeKind.allCases)
    func manyQueuedSends(kind: RuntimeKind) {
        _ = EventLog.begin()
        let host = TestHost(kind, Node("R"))
        host.recordRenderings()
        var sent = false
        let observation = host.observeRenderings { [unowned host] _ in
            guard !sent else { return }
            sent = true
            let sink = host.rendering.sinks["R"]!
            for count in 1...10_000 {
                sink.send(.setCount(count))
            }
        }
        host.rendering.send(.increment, to: "R")
        #expect(host.rendering.text == "R:10000")
        // The first cascade, then one rendering per queued send, in order.
        #expect(host.publishedRenderings.count == 10_001)
        #expect(host.publishedRenderings.map(\.text) == ["R:1"] + (1...10_000).map { "R:\($0)" })
        withExtendedLifetime(observation) {}
    }

    @Test("R17: 5,000 observers are called in registration order; one cancelled by an earlier one in the same round is skipped", arguments: RuntimeKind.allCases)
    func manyObservers(kind: RuntimeKind) {
        _ = EventLog.begin()
        let host = TestHost(kind, Node("R"))
        var calls: [Int] = []
        var observations: [HostObservation] = []
        var cancelledOdd = false
        for index in 0..<5_000 {
            observations.append(host.observeRenderings { _ in
                calls.append(index)
                // The first cancels every odd one in this very round.
                if index == 0, !cancelledOdd {
                    cancelledOdd = true
                    for odd in stride(from: 1, to: 5_000, by: 2) { observations[odd].cancel() }
                }
            })
        }
        host.rendering.send(.increment, to: "R")
        #expect(calls == Array(stride(from: 0, to: 5_000, by: 2)))
        calls = []
        // Released from the middle: the others keep their order.
        observations.removeSubrange(1_000..<3_000)
        host.rendering.send(.increment, to: "R")
        #expect(calls == Array(stride(from: 0, to: 1_000, by: 2)) + Array(stride(from: 3_000, to: 5_000, by: 2)))
    }
}

@Suite("Cascade queue")
struct CascadeQueueTests {
    @Test("R15: the queue gives its cascades back oldest first across its compactions, and stays as long as what waits")
    func fifoAcrossCompaction() {
        var queue = CascadeQueue()
        var ran: [Int] = []
        var next = 0
        // Two in, one out: the taken places are given back as it goes.
        for _ in 0..<1_000 {
            for _ in 0..<2 {
                let value = next
                queue.append { ran.append(value) }
                next += 1
            }
            queue.popFirst()!()
            // The taken places are given back as it goes.
            #expect(queue.storedCount <= 2 * queue.count + 16)
        }
        #expect(queue.count == 1_000)
        while let cascade = queue.popFirst() { cascade() }
        #expect(ran == Array(0..<2_000))
        #expect(queue.isEmpty && queue.popFirst() == nil)
    }

    @Test("R15, R24: popLast takes the newest; removeAll hands back what waits, oldest first, and empties the queue")
    func newestAndRemoveAll() {
        var queue = CascadeQueue()
        var ran: [Int] = []
        for value in 0..<40 { queue.append { ran.append(value) } }
        for _ in 0..<20 { queue.popFirst()!() }
        queue.popLast()!()
        #expect(ran == Array(0..<20) + [39])
        ran = []
        for cascade in queue.removeAll() { cascade() }
        #expect(ran == Array(20..<39))
        #expect(queue.isEmpty && queue.count == 0)
    }
}
