import Testing
import Workflow
import WorkflowConcurrency
import WorkflowHostHarness
import TestSupport

// WK2: an equivalent worker keeps its task; a worker that is not equivalent
// to the previous one starts a new task and the old one is cancelled, its
// result dropped.

@MainActor
@Suite("Workers: restart (WK2)")
struct WorkerRestartTests {
    @Test("WK2: an equivalent worker in a later render keeps its task", arguments: RuntimeKind.allCases)
    func equivalentWorkerKeepsTask(kind: RuntimeKind) async {
        let probe = Probe()
        let gate = Gate()
        let worker = SleepingWorker(value: "a", gate: gate, probe: probe)
        let host = TestHost(kind, WorkerParent(worker: worker, probe: probe))
        #expect(await eventually { probe.count("start a") == 1 })

        // New workflow values, new worker values: equivalent all the same.
        host.update(workflow: WorkerParent(worker: worker, probe: probe))
        host.update(workflow: WorkerParent(worker: SleepingWorker(value: "a", delay: SleepingWorker.untilCancelled, probe: probe), probe: probe))
        gate.open()

        #expect(await eventually { host.rendering == ["a"] })
        await settle()
        #expect(probe.events == ["start a", "finish a", "output a"])
    }

    @Test("WK2: a non-equivalent worker restarts and the old task is cancelled", arguments: RuntimeKind.allCases)
    func nonEquivalentWorkerRestarts(kind: RuntimeKind) async {
        let probe = Probe()
        let first = SleepingWorker(value: "a", delay: SleepingWorker.untilCancelled, probe: probe)
        let host = TestHost(kind, WorkerParent(worker: first, probe: probe))
        #expect(await eventually { probe.count("start a") == 1 })

        host.update(workflow: WorkerParent(worker: SleepingWorker(value: "b", probe: probe), probe: probe))

        #expect(await eventually { probe.count("cancelled a") == 1 })
        #expect(await eventually { host.rendering == ["b"] })
        await settle()
        #expect(host.rendering == ["b"])
        #expect(probe.count("start b") == 1)
        #expect(probe.count("output a") == 0)
    }

    @Test("WK2: the result of a cancelled task is dropped even when the work ignores cancellation", arguments: RuntimeKind.allCases)
    func cancelledResultIsDropped(kind: RuntimeKind) async {
        let probe = Probe()
        let gate = Gate()
        let host = TestHost(kind, WorkerParent(worker: SleepingWorker(value: "a", gate: gate, probe: probe), probe: probe))
        #expect(await eventually { probe.count("start a") == 1 })

        host.update(workflow: WorkerParent(worker: SleepingWorker(value: "b", probe: probe), probe: probe))
        #expect(await eventually { host.rendering == ["b"] })

        // The old run finishes after all, and is dropped.
        gate.open()
        #expect(await eventually { probe.count("finish a") == 1 })
        await settle()
        #expect(host.rendering == ["b"])
        #expect(probe.count("output a") == 0)
    }

    @Test("WK2: a non-equivalent AsyncSequenceWorker iterates its new sequence and cancels the old iteration", arguments: RuntimeKind.allCases)
    func sequenceWorkerRestarts(kind: RuntimeKind) async {
        let probe = Probe()
        let old = feedableStream("old", probe: probe)
        let new = feedableStream("new", probe: probe)
        let host = TestHost(kind, StreamParent(worker: StreamWorker(name: "old", stream: old.stream), probe: probe))
        old.continuation.yield("old 1")
        #expect(await eventually { host.rendering == ["old 1"] })

        host.update(workflow: StreamParent(worker: StreamWorker(name: "new", stream: new.stream), probe: probe))
        #expect(await eventually { probe.count("terminated old") == 1 })

        old.continuation.yield("old 2")
        new.continuation.yield("new 1")
        #expect(await eventually { host.rendering == ["old 1", "new 1"] })
        await settle()
        #expect(host.rendering == ["old 1", "new 1"])
        new.continuation.finish()
    }
}
