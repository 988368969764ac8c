import Dispatch
import Testing
import Workflow
import WorkflowHostHarness

// R22: all runtime work happens on the main queue. (The failure for a send
// from another queue is an exit test in FatalErrorsTests.)

private let mainQueueKey = DispatchSpecificKey<Bool>()

/// Whether the caller runs on the main queue (not `Thread.isMainThread`,
/// which is false for main-actor code under Swift Testing on Linux).
func isOnMainQueue() -> Bool {
    DispatchQueue.main.setSpecific(key: mainQueueKey, value: true)
    return DispatchQueue.getSpecific(key: mainQueueKey) == true
}

/// Writes whether each of its calls runs on the main queue.
private struct QueueProbe: Workflow {
    struct Rendering {
        var count: Int
        var sink: Sink<AnyWorkflowAction<QueueProbe>>
    }

    func makeInitialState() -> Int {
        record("makeInitialState main=\(isOnMainQueue())")
        return 0
    }

    func render(state: Int, context: RenderContext<QueueProbe>) -> Rendering {
        record("render main=\(isOnMainQueue())")
        context.runSideEffect(key: "probe") { _ in record("side effect main=\(isOnMainQueue())") }
        return Rendering(count: state, sink: context.makeSink(of: AnyWorkflowAction<QueueProbe>.self))
    }
}

private let probeIncrement = AnyWorkflowAction<QueueProbe> { (state: inout Int) -> Never? in
    record("apply main=\(isOnMainQueue())")
    state += 1
    return nil
}

@MainActor
@Suite("Threading")
struct ThreadingTests {
    @Test("R22: creating, rendering, side effects, applying and observing all run on the main queue", arguments: RuntimeKind.allCases)
    func everythingOnMainQueue(kind: RuntimeKind) {
        let log = EventLog.begin()
        let host = TestHost(kind, QueueProbe())
        let observation = host.observeRenderings { _ in record("observer main=\(isOnMainQueue())") }
        host.rendering.sink.send(probeIncrement)
        #expect(host.rendering.count == 1)
        #expect(log.entries == [
            "makeInitialState main=true",
            "render main=true",
            "side effect main=true",
            "apply main=true",
            "render main=true",
            "observer main=true",
        ])
        withExtendedLifetime(observation) {}
    }

    @Test("R22, R16: a send from a main-actor task is handled synchronously", arguments: RuntimeKind.allCases)
    func sendFromMainActorTask(kind: RuntimeKind) async {
        _ = EventLog.begin()
        let host = TestHost(kind, Node("R"))
        let sink = host.rendering.sinks["R"]!
        let seen = await Task { @MainActor in
            sink.send(.increment)
            return host.rendering.text
        }.value
        #expect(seen == "R:1")
    }

    @Test("R22: a send from a DispatchQueue.main.async block is on the main queue and works", arguments: RuntimeKind.allCases)
    func sendFromMainQueueBlock(kind: RuntimeKind) async {
        _ = EventLog.begin()
        let host = TestHost(kind, Node("R"))
        let sink = host.rendering.sinks["R"]!
        let onMain = await withCheckedContinuation { (continuation: CheckedContinuation<Bool, Never>) in
            DispatchQueue.global().async {
                DispatchQueue.main.async {
                    sink.send(.increment)
                    continuation.resume(returning: isOnMainQueue())
                }
            }
        }
        #expect(onMain)
        #expect(host.rendering.text == "R:1")
    }

    @Test("R22: a send from a detached task that hops to the main actor works", arguments: RuntimeKind.allCases)
    func sendFromDetachedTaskViaMainActor(kind: RuntimeKind) async {
        _ = EventLog.begin()
        let host = TestHost(kind, Node("R"))
        host.recordRenderings()
        let sink = host.rendering.sinks["R"]!
        await Task.detached {
            await MainActor.run {
                sink.send(.increment)
                sink.send(.increment)
            }
        }.value
        #expect(host.rendering.text == "R:2")
        #expect(host.publishedRenderings.map(\.text) == ["R:1", "R:2"])
    }
}
