import Testing
import Workflow
import WorkflowConcurrency
import WorkflowHostHarness
import TestSupport

// WK3: a worker the parent no longer asks for, or whose host is released,
// has its task cancelled, and nothing it produces afterwards is delivered.

@MainActor
@Suite("Workers: removal (WK3)")
struct WorkerCancellationTests {
    @Test("WK3: removing a worker cancels its task", arguments: RuntimeKind.allCases)
    func removalCancels(kind: RuntimeKind) async {
        let probe = Probe()
        let host = TestHost(kind, WorkerParent(worker: SleepingWorker(value: "a", delay: SleepingWorker.untilCancelled, probe: probe), probe: probe))
        #expect(await eventually { probe.count("start a") == 1 })

        host.update(workflow: WorkerParent(worker: nil, probe: probe))

        #expect(await eventually { probe.count("cancelled a") == 1 })
        await settle()
        #expect(host.rendering == [])
    }

    @Test("WK3: a removed worker that ignores cancellation delivers nothing", arguments: RuntimeKind.allCases)
    func removedCarelessWorkerDeliversNothing(kind: RuntimeKind) async {
        let probe = Probe()
        let gate = Gate()
        let host = TestHost(kind, WorkerParent(worker: SleepingWorker(value: "a", gate: gate, probe: probe), probe: probe))
        #expect(await eventually { probe.count("start a") == 1 })

        host.update(workflow: WorkerParent(worker: nil, probe: probe))
        gate.open()

        #expect(await eventually { probe.count("finish a") == 1 })
        await settle()
        #expect(host.rendering == [])
        #expect(probe.count("output a") == 0)
    }

    @Test("WK3: releasing the host cancels its workers (R10)", arguments: RuntimeKind.allCases)
    func hostReleaseCancels(kind: RuntimeKind) async {
        let probe = Probe()
        let host = TestHost(kind, WorkerParent(worker: SleepingWorker(value: "a", delay: SleepingWorker.untilCancelled, probe: probe), probe: probe))
        #expect(await eventually { probe.count("start a") == 1 })

        host.release()

        #expect(await eventually { probe.count("cancelled a") == 1 })
    }

    @Test("WK3: removing an AsyncSequenceWorker cancels its iteration; later elements are not delivered", arguments: RuntimeKind.allCases)
    func sequenceRemovalCancels(kind: RuntimeKind) async {
        let probe = Probe()
        let (stream, continuation) = feedableStream("s", probe: probe)
        let host = TestHost(kind, StreamParent(worker: StreamWorker(name: "s", stream: stream), probe: probe))
        continuation.yield("kept")
        #expect(await eventually { host.rendering == ["kept"] })

        host.update(workflow: StreamParent(worker: nil, probe: probe))
        #expect(await eventually { probe.count("terminated s") == 1 })

        continuation.yield("dropped")
        await settle()
        #expect(host.rendering == ["kept"])
    }
}
