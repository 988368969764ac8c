import Testing
import Workflow
import WorkflowConcurrency
import WorkflowHostHarness
import TestSupport

// WK1: a worker's output reaches its parent asynchronously, on the main
// actor, never inside a render, wherever the worker sits in the tree; a
// worker whose node is skipped (S2) keeps running.

@MainActor
@Suite("Workers: delivery (WK1)")
struct WorkerDeliveryTests {
    @Test("WK1: a worker's result reaches the parent on the main actor, after the render that started it", arguments: RuntimeKind.allCases)
    func resultReachesParent(kind: RuntimeKind) async {
        let probe = Probe()
        let host = TestHost(kind, WorkerParent(worker: SleepingWorker(value: "a", probe: probe), probe: probe))
        #expect(host.rendering == [])

        #expect(await eventually { host.rendering == ["a"] })
        #expect(probe.events == ["start a", "finish a", "output a"])
        #expect(probe.misplacedDeliveries == [])
    }

    @Test("WK1: a worker that finishes at once still does not deliver inside the render that started it", arguments: RuntimeKind.allCases)
    func immediateResultIsNotDeliveredDuringRender(kind: RuntimeKind) async {
        let probe = Probe()
        let worker = SleepingWorker(value: "now", delay: .zero, probe: probe)
        let host = TestHost(kind, WorkerParent(worker: worker, probe: probe))
        // Host creation is one synchronous render: the result cannot be in it.
        #expect(host.rendering == [])

        #expect(await eventually { host.rendering == ["now"] })
        #expect(probe.misplacedDeliveries == [])
    }

    @Test("WK1: each element of an AsyncSequenceWorker reaches the parent in order, on the main actor", arguments: RuntimeKind.allCases)
    func sequenceElementsInOrder(kind: RuntimeKind) async {
        let probe = Probe()
        let (stream, continuation) = feedableStream("s", probe: probe)
        let host = TestHost(kind, StreamParent(worker: StreamWorker(name: "s", stream: stream), probe: probe))

        continuation.yield("x")
        continuation.yield("y")
        continuation.yield("z")
        #expect(await eventually { host.rendering == ["x", "y", "z"] })
        #expect(probe.misplacedDeliveries == [])
        continuation.finish()
    }

    @Test("WK1, S2: workers under a skipped node keep running and their outputs reach the root", arguments: RuntimeKind.allCases)
    func workersInSkippedSubtree(kind: RuntimeKind) async {
        let probe = Probe()
        let elements = feedableStream("elements", probe: probe)
        let result = feedableStream("result", probe: probe)
        let host = TestHost(kind, SkipRoot(probe: probe, elements: elements.stream, result: result.stream))
        #expect(probe.count("holder render") == 1)

        // The root renders again; the holder's props and state are unchanged.
        host.rendering.bump()
        #expect(host.rendering.count == 1)
        #expect(probe.count("holder render") == (kind.skipsRenders ? 1 : 2))

        elements.continuation.yield("first")
        #expect(await eventually { host.rendering.outputs == ["first"] })
        elements.continuation.yield("second")
        #expect(await eventually { host.rendering.outputs == ["first", "second"] })
        result.continuation.yield("done")
        #expect(await eventually { host.rendering.outputs == ["first", "second", "done"] })

        // The outputs changed only the root's state: the holder was still
        // skipped on the way (S1).
        #expect(probe.count("holder render") == (kind.skipsRenders ? 1 : 5))
        #expect(probe.misplacedDeliveries == [])
        elements.continuation.finish()
        result.continuation.finish()
    }
}
