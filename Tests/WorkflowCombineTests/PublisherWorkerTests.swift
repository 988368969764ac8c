#if canImport(Combine)
import Combine
#else
import OpenCombine
#endif
import Dispatch
import Testing
import Workflow
import WorkflowCombine
import WorkflowHostHarness
import TestSupport

// The worker rules for WorkflowCombine's workers and publishers, on every
// runtime: values arrive on the main queue, never inside a render (WK1); a
// non-equivalent worker subscribes anew and the old subscription is
// cancelled (WK2); removal and the host's release cancel (WK3).

@MainActor
@Suite("Combine workers and publishers")
struct PublisherWorkerTests {
    @Test("WK1: a worker whose publisher emits at once still delivers after the render that subscribed, on the main queue", arguments: RuntimeKind.allCases)
    func immediateValueIsNotDeliveredDuringRender(kind: RuntimeKind) async {
        let probe = Probe()
        let host = TestHost(kind, WorkerParent(justWorker: JustWorker(value: "now"), probe: probe))
        // Host creation is one synchronous render: the value cannot be in it.
        #expect(host.rendering == [])

        #expect(await eventually { host.rendering == ["now"] })
        #expect(probe.misplacedDeliveries == [])
    }

    @Test("WK1: values sent from other threads reach the parent in order, on the main queue", arguments: RuntimeKind.allCases)
    func valuesFromOtherThreadsInOrder(kind: RuntimeKind) async {
        let probe = Probe()
        let subject = PassthroughSubject<String, Never>()
        let host = TestHost(kind, WorkerParent(worker: SubjectWorker(name: "a", subject: subject, probe: probe), probe: probe))
        await withCheckedContinuation { continuation in
            DispatchQueue.global().async {
                for value in ["x", "y", "z"] {
                    subject.send(value)
                }
                continuation.resume()
            }
        }
        #expect(await eventually { host.rendering == ["x", "y", "z"] })
        #expect(probe.misplacedDeliveries == [])
    }

    @Test("WK2: an equivalent worker in a later render keeps its subscription", arguments: RuntimeKind.allCases)
    func equivalentWorkerKeepsSubscription(kind: RuntimeKind) async {
        let probe = Probe()
        let subject = PassthroughSubject<String, Never>()
        let host = TestHost(kind, WorkerParent(worker: SubjectWorker(name: "a", subject: subject, probe: probe), probe: probe))
        // Another subject, but an equivalent worker: its publisher is never made.
        let unused = PassthroughSubject<String, Never>()
        host.update(workflow: WorkerParent(worker: SubjectWorker(name: "a", subject: unused, probe: probe), probe: probe))
        subject.send("kept")
        #expect(await eventually { host.rendering == ["kept"] })
        #expect(probe.events == ["subscribe a", "output kept"])
    }

    @Test("WK2: a non-equivalent worker subscribes anew and the old subscription is cancelled", arguments: RuntimeKind.allCases)
    func nonEquivalentWorkerRestarts(kind: RuntimeKind) async {
        let probe = Probe()
        let old = PassthroughSubject<String, Never>()
        let new = PassthroughSubject<String, Never>()
        let host = TestHost(kind, WorkerParent(worker: SubjectWorker(name: "a", subject: old, probe: probe), probe: probe))
        host.update(workflow: WorkerParent(worker: SubjectWorker(name: "b", subject: new, probe: probe), probe: probe))
        #expect(probe.events == ["subscribe a", "subscribe b", "cancel a"])
        old.send("dropped")
        new.send("b1")
        #expect(await eventually { host.rendering == ["b1"] })
        await settle()
        #expect(host.rendering == ["b1"])
    }

    @Test("WK2: a value on its way to the main queue when its worker restarts is dropped, though the node and its sink live on", arguments: RuntimeKind.allCases)
    func valueInFlightIsDropped(kind: RuntimeKind) async {
        let probe = Probe()
        let old = PassthroughSubject<String, Never>()
        let host = TestHost(kind, WorkerParent(worker: SubjectWorker(name: "a", subject: old, probe: probe), probe: probe))
        // Sent on the main queue, delivered by a later turn of it; the
        // worker restarts in between.
        old.send("in flight")
        host.update(workflow: WorkerParent(worker: SubjectWorker(name: "b", subject: .init(), probe: probe), probe: probe))
        await settle()
        #expect(host.rendering == [])
        #expect(probe.events == ["subscribe a", "subscribe b", "cancel a"])
    }

    @Test("WK3: removing a worker cancels its subscription; later values are not delivered", arguments: RuntimeKind.allCases)
    func removalCancels(kind: RuntimeKind) async {
        let probe = Probe()
        let subject = PassthroughSubject<String, Never>()
        let host = TestHost(kind, WorkerParent(worker: SubjectWorker(name: "a", subject: subject, probe: probe), probe: probe))
        subject.send("kept")
        #expect(await eventually { host.rendering == ["kept"] })
        host.update(workflow: WorkerParent(worker: nil, probe: probe))
        #expect(probe.count("cancel a") == 1)
        subject.send("dropped")
        await settle()
        #expect(host.rendering == ["kept"])
    }

    @Test("WK3: releasing the host cancels its workers' and publishers' subscriptions (R10)", arguments: RuntimeKind.allCases)
    func hostReleaseCancels(kind: RuntimeKind) {
        let probe = Probe()
        let subject = PassthroughSubject<String, Never>()
        let publisher = subject
            .handleEvents(receiveSubscription: { _ in probe.record("subscribe publisher") }, receiveCancel: { probe.record("cancel publisher") })
            .eraseToAnyPublisher()
        let host = TestHost(kind, WorkerParent(worker: SubjectWorker(name: "a", subject: subject, probe: probe), publisher: publisher, probe: probe))
        #expect(probe.events == ["subscribe a", "subscribe publisher"])
        host.release()
        #expect(probe.events.sorted() == ["cancel a", "cancel publisher", "subscribe a", "subscribe publisher"])
    }

    @Test("R23, WK1: a publisher run with running(in:key:) is subscribed once per node; a new key subscribes anew and cancels the old", arguments: RuntimeKind.allCases)
    func publisherSubscribedOncePerKey(kind: RuntimeKind) async {
        let probe = Probe()
        func publisher(_ name: String, _ subject: PassthroughSubject<String, Never>) -> AnyPublisher<String, Never> {
            subject
                .handleEvents(receiveSubscription: { _ in probe.record("subscribe \(name)") }, receiveCancel: { probe.record("cancel \(name)") })
                .eraseToAnyPublisher()
        }
        let first = PassthroughSubject<String, Never>()
        let second = PassthroughSubject<String, Never>()
        let host = TestHost(kind, WorkerParent(publisher: publisher("first", first), probe: probe))
        // A later render's publisher is not subscribed to: the node keeps its own.
        host.update(workflow: WorkerParent(publisher: publisher("second", second), probe: probe))
        first.send("1")
        #expect(await eventually { host.rendering == ["1"] })
        #expect(probe.events == ["subscribe first", "output 1"])

        host.update(workflow: WorkerParent(publisher: publisher("second", second), publisherKey: "other", probe: probe))
        #expect(probe.events == ["subscribe first", "output 1", "subscribe second", "cancel first"])
        second.send("2")
        #expect(await eventually { host.rendering == ["1", "2"] })
        #expect(probe.misplacedDeliveries == [])
    }

    @Test("WK1, S2: a worker and a publisher under a skipped node keep running and their values reach the root", arguments: RuntimeKind.allCases)
    func workersInSkippedSubtree(kind: RuntimeKind) async {
        let probe = Probe()
        let workerSubject = PassthroughSubject<String, Never>()
        let publisherSubject = PassthroughSubject<String, Never>()
        let host = TestHost(kind, SkipRoot(probe: probe, workerSubject: workerSubject, publisherSubject: publisherSubject))
        #expect(probe.count("holder render") == 1)

        // The root renders again; the holder's props and state are unchanged.
        host.rendering.bump()
        #expect(probe.count("holder render") == (kind.skipsRenders ? 1 : 2))

        workerSubject.send("a")
        #expect(await eventually { host.rendering.outputs == ["worker a"] })
        publisherSubject.send("b")
        #expect(await eventually { host.rendering.outputs == ["worker a", "publisher b"] })
        workerSubject.send("c")
        publisherSubject.send("d")
        #expect(await eventually { host.rendering.outputs == ["worker a", "publisher b", "worker c", "publisher d"] })
        // The values changed only the root's state: the holder stays skipped.
        #expect(probe.count("holder render") == (kind.skipsRenders ? 1 : 6))
        #expect(probe.misplacedDeliveries == [])
    }

    @Test("R2: a publisher's asAnyWorkflow() is a workflow whose outputs are its values")
    func asAnyWorkflow() async {
        let host = WorkflowHost(workflow: Just(5).asAnyWorkflow())
        var outputs: [Int] = []
        let observation = host.observeOutputs { outputs.append($0) }
        #expect(await eventually { outputs == [5] })
        withExtendedLifetime(observation) {}
    }
}
