#if canImport(Combine)
import Combine
#else
import OpenCombine
#endif
import Testing
import Workflow
import WorkflowHostHarness

// The host's publishers (R25): `renderingPublisher` and `outputPublisher`,
// entries of the same lists as `observeRenderings` / `observeOutputs`.

/// A subscriber that asks for values only when told to, and records what
/// it gets.
private final class ManualSubscriber<Value>: Subscriber {
    typealias Input = Value
    typealias Failure = Never

    private(set) var values: [Value] = []
    private(set) var isFinished = false
    private var subscription: Subscription?

    func receive(subscription: Subscription) {
        self.subscription = subscription
    }

    func receive(_ input: Value) -> Subscribers.Demand {
        values.append(input)
        return .none
    }

    func receive(completion: Subscribers.Completion<Never>) {
        isFinished = true
    }

    func request(_ demand: Subscribers.Demand) {
        subscription?.request(demand)
    }

    func cancel() {
        subscription?.cancel()
    }
}

/// A root whose rendering holds the probe its state holds.
private struct KeptProbeMarmoset: Workflow {
    typealias State = DeinitProbe?

    struct Rendering {
        var probe: DeinitProbe?
        var sink: Sink<AnyWorkflowAction<KeptProbeMarmoset>>
    }

    func makeInitialState() -> DeinitProbe? { nil }

    func render(state: DeinitProbe?, context: RenderContext<KeptProbeMarmoset>) -> Rendering {
        Rendering(probe: state, sink: context.makeSink(of: AnyWorkflowAction<KeptProbeMarmoset>.self))
    }
}

@MainActor
@Suite("Host publishers")
struct HostPublisherTests {
    @Test("R24, R25: a rendering kept for a subscriber without demand may cancel that subscription from its deinit when a newer one replaces it", arguments: RuntimeKind.allCases)
    func keptRenderingCancelsItsSubscription(kind: RuntimeKind) {
        let host = TestHost(kind, KeptProbeMarmoset())
        let subscriber = ManualSubscriber<KeptProbeMarmoset.Rendering>()
        host.renderingPublisher.subscribe(subscriber)
        var deinits = 0
        host.rendering.sink.send(AnyWorkflowAction { state in
            state = DeinitProbe {
                MainActor.assumeIsolated {
                    deinits += 1
                    subscriber.cancel()
                }
            }
            return nil
        })
        // The kept rendering is the probe's last holder once the next one
        // replaces it.
        host.rendering.sink.send(AnyWorkflowAction { state in
            state = nil
            return nil
        })
        #expect(deinits == 1)
        subscriber.request(.unlimited)
        #expect(subscriber.values.isEmpty, "a cancelled subscription delivered")
    }
    @Test("R25: renderingPublisher gives the current rendering on subscription, then every published one", arguments: RuntimeKind.allCases)
    func renderingPublisherStartsWithCurrent(kind: RuntimeKind) {
        _ = EventLog.begin()
        let host = TestHost(kind, Node("R"))
        host.rendering.send(.increment, to: "R")
        var seen: [String] = []
        let cancellable = host.renderingPublisher.sink { seen.append($0.text) }
        #expect(seen == ["R:1"])
        host.rendering.send(.increment, to: "R")
        host.rendering.send(.noop, to: "R")
        host.update(workflow: Node("R", props: 3))
        #expect(seen == ["R:1", "R:2", "R:2", "R:2p3"])
        withExtendedLifetime(cancellable) {}
    }

    @Test("R25: outputPublisher gives every output from subscription on, in order, with no replay", arguments: RuntimeKind.allCases)
    func outputPublisherHasNoReplay(kind: RuntimeKind) {
        _ = EventLog.begin()
        let host = TestHost(kind, Node("R"))
        host.rendering.send(.emit("before"), to: "R")
        var seen: [String] = []
        let cancellable = host.outputPublisher.sink { seen.append($0) }
        #expect(seen.isEmpty)
        host.rendering.send(.emit("one"), to: "R")
        host.rendering.send(.incrementAndEmit("two"), to: "R")
        #expect(seen == ["one", "two"])
        withExtendedLifetime(cancellable) {}
    }

    @Test("R17, R25: observers, publisher subscribers and their outputs run in one order: registration order, renderings before outputs", arguments: RuntimeKind.allCases)
    func oneDeliveryOrder(kind: RuntimeKind) {
        let log = EventLog.begin()
        let host = TestHost(kind, Node("R"))
        let outputSubscriber = host.outputPublisher.sink { record("output publisher \($0)") }
        let firstObserver = host.observeRenderings { record("observer \($0.text)") }
        let renderingSubscriber = host.renderingPublisher.dropFirst().sink { record("rendering publisher \($0.text)") }
        let outputObserver = host.observeOutputs { record("output observer \($0)") }
        let lastObserver = host.observeRenderings { record("last observer \($0.text)") }
        log.clear()
        host.rendering.send(.incrementAndEmit("x"), to: "R")
        #expect(log.entries.filter { !$0.hasSuffix(" render") } == [
            "observer R:1",
            "rendering publisher R:1",
            "last observer R:1",
            "output publisher x",
            "output observer x",
        ])
        withExtendedLifetime((outputSubscriber, firstObserver, renderingSubscriber, outputObserver, lastObserver)) {}
    }

    @Test("R10, R25: every subscription finishes when the host is released; a publisher kept past its host finishes a new subscriber at once", arguments: RuntimeKind.allCases)
    func finishWithTheHost(kind: RuntimeKind) {
        _ = EventLog.begin()
        let host = TestHost(kind, Node("R"))
        let renderings = host.renderingPublisher
        let outputs = host.outputPublisher
        var events: [String] = []
        let renderingSubscriber = renderings.sink(receiveCompletion: { _ in events.append("renderings finished") }, receiveValue: { events.append($0.text) })
        let outputSubscriber = outputs.sink(receiveCompletion: { _ in events.append("outputs finished") }, receiveValue: { events.append($0) })
        host.release()
        #expect(events == ["R:0", "renderings finished", "outputs finished"])
        events = []
        let late = renderings.sink(receiveCompletion: { _ in events.append("late renderings finished") }, receiveValue: { events.append($0.text) })
        let lateOutputs = outputs.sink(receiveCompletion: { _ in events.append("late outputs finished") }, receiveValue: { events.append($0) })
        #expect(events == ["late renderings finished", "late outputs finished"])
        withExtendedLifetime((renderingSubscriber, outputSubscriber, late, lateOutputs)) {}
    }

    @Test("R25: cancelling a subscription stops it, also from inside the delivery round it cancels", arguments: RuntimeKind.allCases)
    func cancellation(kind: RuntimeKind) {
        let log = EventLog.begin()
        let host = TestHost(kind, Node("R"))
        var second: AnyCancellable?
        let first = host.renderingPublisher.dropFirst().sink { rendering in
            record("first \(rendering.text)")
            second?.cancel()
        }
        second = host.renderingPublisher.dropFirst().sink { record("second \($0.text)") }
        log.clear()
        host.rendering.send(.increment, to: "R")
        host.rendering.send(.increment, to: "R")
        #expect(log.entries.filter { !$0.hasSuffix(" render") } == ["first R:1", "first R:2"])
        first.cancel()
        log.clear()
        host.rendering.send(.increment, to: "R")
        #expect(log.entries.filter { !$0.hasSuffix(" render") }.isEmpty)
    }

    @Test("R25: a rendering subscriber without demand keeps only the newest rendering; an output subscriber without demand misses outputs", arguments: RuntimeKind.allCases)
    func demand(kind: RuntimeKind) {
        _ = EventLog.begin()
        let host = TestHost(kind, Node("R"))
        let renderings = ManualSubscriber<Node.Rendering>()
        let outputs = ManualSubscriber<String>()
        host.renderingPublisher.subscribe(renderings)
        host.outputPublisher.subscribe(outputs)
        #expect(renderings.values.isEmpty)
        renderings.request(.max(1))
        #expect(renderings.values.map(\.text) == ["R:0"])
        host.rendering.send(.incrementAndEmit("one"), to: "R")
        host.rendering.send(.incrementAndEmit("two"), to: "R")
        #expect(renderings.values.map(\.text) == ["R:0"])
        renderings.request(.max(5))
        outputs.request(.max(5))
        #expect(renderings.values.map(\.text) == ["R:0", "R:2"])
        #expect(outputs.values.isEmpty)
        host.rendering.send(.incrementAndEmit("three"), to: "R")
        #expect(renderings.values.map(\.text) == ["R:0", "R:2", "R:3"])
        #expect(outputs.values == ["three"])
        renderings.cancel()
        outputs.cancel()
        host.rendering.send(.incrementAndEmit("four"), to: "R")
        #expect(renderings.values.count == 3)
        #expect(outputs.values == ["three"])
        host.release()
        #expect(!renderings.isFinished)
        #expect(!outputs.isFinished)
    }

    @Test("R10, R25: a subscriber that releases the host stops the cascade: its output and the debugger are not delivered, every subscription finishes", arguments: RuntimeKind.allCases)
    func releaseFromSubscriber(kind: RuntimeKind) {
        let log = EventLog.begin()
        let debugger = RecordingDebugger(log: log)
        let host = TestHost(kind, Node("R", [Node("A")]), debugger: debugger)
        var finished = 0
        let releasing = host.renderingPublisher.dropFirst().sink { [unowned host] rendering in
            record("releasing sees \(rendering.text)")
            host.release()
        }
        let later = host.renderingPublisher.dropFirst().sink(receiveCompletion: { _ in finished += 1 }, receiveValue: { record("later sees \($0.text)") })
        let outputs = host.outputPublisher.sink(receiveCompletion: { _ in finished += 1 }, receiveValue: { record("output \($0)") })
        let rendering = host.rendering
        log.clear()
        rendering.send(.incrementAndEmit("x"), to: "A")
        #expect(!log.entries.contains { $0.hasPrefix("output") || $0.hasPrefix("debugger") }, "\(log.entries)")
        #expect(log.entries.filter { $0.hasPrefix("releasing") } == ["releasing sees R:0[x](A:1)"])
        #expect(finished == 2)
        withExtendedLifetime((releasing, later, outputs)) {}
    }
}
