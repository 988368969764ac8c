import Testing
import Workflow
import WorkflowHostHarness

// The host: its observers of renderings and outputs, their cancellation,
// sends made while they run (R15), update(workflow:) (R19), and the async
// streams.

/// Renders `Node("A")` while `showsChild`; its rendering carries its own
/// hide sink and the child's sinks.
private struct Hider: Workflow {
    struct Rendering {
        var text: String
        var child: Node.Rendering?
        var hide: Sink<AnyWorkflowAction<Hider>>
    }

    func makeInitialState() -> Bool { true }

    func render(state showsChild: Bool, context: RenderContext<Hider>) -> Rendering {
        let child = showsChild
            ? Node("A").rendered(in: context, key: "a", outputMap: { _ in AnyWorkflowAction<Hider>.noAction })
            : nil
        return Rendering(text: child?.text ?? "hidden", child: child, hide: context.makeSink(of: AnyWorkflowAction<Hider>.self))
    }
}

private let hideAction = AnyWorkflowAction<Hider> { (showsChild: inout Bool) -> Never? in
    showsChild = false
    return nil
}

@MainActor
@Suite("Host observation")
struct HostObservationTests {
    @Test("R17, R18: rendering observers run once per render pass, in registration order, not for the first rendering", arguments: RuntimeKind.allCases)
    func renderingObserversInOrder(kind: RuntimeKind) {
        let log = EventLog.begin()
        let host = TestHost(kind, Node("R"))
        let first = host.observeRenderings { record("first \($0.text)") }
        let second = host.observeRenderings { record("second \($0.text)") }
        #expect(log.entries(withPrefix: "first").isEmpty)
        log.clear()
        host.rendering.send(.increment, to: "R")
        host.rendering.send(.increment, to: "R")
        #expect(log.entries.filter { !$0.hasSuffix(" render") } == ["first R:1", "second R:1", "first R:2", "second R:2"])
        #expect(host.rendering.text == "R:2")
        withExtendedLifetime((first, second)) {}
    }

    @Test("R17: cancel() and releasing a HostObservation stop it, even within the current delivery round", arguments: RuntimeKind.allCases)
    func cancellation(kind: RuntimeKind) {
        let log = EventLog.begin()
        let host = TestHost(kind, Node("R"))
        var third: HostObservation?
        var second: HostObservation?
        let first = host.observeRenderings { rendering in
            record("first \(rendering.text)")
            if rendering.text == "R:1" { third?.cancel() }
        }
        second = host.observeRenderings { record("second \($0.text)") }
        third = host.observeRenderings { record("third \($0.text)") }
        log.clear()
        host.rendering.send(.increment, to: "R")
        #expect(log.entries.filter { !$0.hasSuffix(" render") } == ["first R:1", "second R:1"])

        second = nil
        log.clear()
        host.rendering.send(.increment, to: "R")
        #expect(log.entries.filter { !$0.hasSuffix(" render") } == ["first R:2"])

        first.cancel()
        log.clear()
        host.rendering.send(.increment, to: "R")
        #expect(log.entries.filter { !$0.hasSuffix(" render") }.isEmpty)
        #expect(host.rendering.text == "R:3")
        withExtendedLifetime((second, third)) {}
    }

    @Test("R17: output observers run in registration order, after the rendering observers", arguments: RuntimeKind.allCases)
    func outputObserversAfterRenderingObservers(kind: RuntimeKind) {
        let log = EventLog.begin()
        let host = TestHost(kind, Node("R"))
        let outputA = host.observeOutputs { record("output-a \($0)") }
        let rendering = host.observeRenderings { record("rendering \($0.text)") }
        let outputB = host.observeOutputs { record("output-b \($0)") }
        log.clear()
        host.rendering.send(.incrementAndEmit("x"), to: "R")
        #expect(log.entries.filter { !$0.hasSuffix(" render") } == ["rendering R:1", "output-a x", "output-b x"])
        withExtendedLifetime((outputA, rendering, outputB)) {}
    }

    @Test("R15: a send made inside a rendering observer runs after the current cascade, as its own cascade", arguments: RuntimeKind.allCases)
    func sendFromRenderingObserverIsDeferred(kind: RuntimeKind) {
        let log = EventLog.begin()
        let debugger = RecordingDebugger(log: log)
        let host = TestHost(kind, Node("R"), debugger: debugger)
        let observation = host.observeRenderings { [unowned host] rendering in
            record("observer sees \(rendering.text)")
            if rendering.text == "R:1" {
                rendering.send(.increment, to: "R")
                record("send returned, host shows \(host.rendering.text)")
            }
        }
        log.clear()
        host.rendering.send(.increment, to: "R")
        record("outer send returned")
        #expect(log.entries.filter { !$0.hasSuffix(" render") } == [
            "observer sees R:1",
            "send returned, host shows R:1",
            "debugger update",
            "observer sees R:2",
            "debugger update",
            "outer send returned",
        ])
        #expect(host.rendering.text == "R:2")
        withExtendedLifetime(observation) {}
    }

    @Test("R15, R19: an update made inside a rendering observer waits like a send: it returns at once and renders after the current cascade, before the outer send returns", arguments: RuntimeKind.allCases)
    func updateFromRenderingObserverIsDeferred(kind: RuntimeKind) {
        let log = EventLog.begin()
        let host = TestHost(kind, Node("R"))
        let observation = host.observeRenderings { [unowned host] rendering in
            record("observer sees \(rendering.text)")
            if rendering.text == "R:1" {
                host.update(workflow: Node("R", props: 7))
                record("update returned, host shows \(host.rendering.text)")
            }
        }
        log.clear()
        host.rendering.send(.increment, to: "R")
        record("outer send returned")
        #expect(log.entries == [
            "R render",
            "observer sees R:1",
            "update returned, host shows R:1",
            "R change 0->7",
            "R render",
            "observer sees R:1p7",
            "outer send returned",
        ])
        #expect(host.rendering.text == "R:1p7")
        withExtendedLifetime(observation) {}
    }

    @Test("R15: sends made inside an output observer are handled in order, each as its own cascade", arguments: RuntimeKind.allCases)
    func sendsFromOutputObserverAreDeferred(kind: RuntimeKind) {
        let log = EventLog.begin()
        let debugger = RecordingDebugger(log: log)
        let host = TestHost(kind, Node("R"), debugger: debugger)
        host.recordRenderings()
        let observation = host.observeOutputs { [unowned host] output in
            record("output \(output)")
            guard output == "go" else { return }
            let sink = host.rendering.sinks["R"]!
            sink.send(.setCount(10))
            sink.send(.incrementAndEmit("second"))
            record("sends returned, host shows \(host.rendering.text)")
        }
        log.clear()
        host.rendering.send(.incrementAndEmit("go"), to: "R")
        #expect(log.entries.filter { !$0.hasSuffix(" render") } == [
            "output go",
            "sends returned, host shows R:1",
            "debugger update",
            "debugger update",
            "output second",
            "debugger update",
        ])
        #expect(host.publishedRenderings.map(\.text) == ["R:1", "R:10", "R:11"])
        #expect(debugger.updates.map(\.snapshot.stateDescription) == ["count=1", "count=10", "count=11"])
        withExtendedLifetime(observation) {}
    }

    @Test("R15: a send made inside the debugger is deferred until the cascade finished", arguments: RuntimeKind.allCases)
    func sendFromDebuggerIsDeferred(kind: RuntimeKind) {
        let log = EventLog.begin()
        let debugger = RecordingDebugger(log: log)
        let host = TestHost(kind, Node("R"), debugger: debugger)
        host.recordRenderings()
        var sent = false
        debugger.onUpdate = { [unowned host] in
            guard !sent else { return }
            sent = true
            host.rendering.send(.increment, to: "R")
            record("debugger send returned, host shows \(host.rendering.text)")
        }
        log.clear()
        host.rendering.send(.increment, to: "R")
        #expect(log.entries.filter { !$0.hasSuffix(" render") } == [
            "debugger update",
            "debugger send returned, host shows R:1",
            "debugger update",
        ])
        #expect(host.publishedRenderings.map(\.text) == ["R:1", "R:2"])
    }

    @Test("R15, R13: a deferred send whose sink died meanwhile is dropped", arguments: RuntimeKind.allCases)
    func deferredSendToDeadSinkIsDropped(kind: RuntimeKind) throws {
        let log = EventLog.begin()
        let debugger = RecordingDebugger(log: log)
        let host = TestHost(kind, Hider(), debugger: debugger)
        host.recordRenderings()
        let childSinks = try #require(host.rendering.child?.sinks)
        var armed = true
        let observation = host.observeRenderings { [unowned host] _ in
            guard armed else { return }
            armed = false
            host.rendering.hide.send(hideAction)
            childSinks["A"]!.send(.increment)
        }
        childSinks["A"]!.send(.increment)
        #expect(host.publishedRenderings.map(\.text) == ["A:1", "hidden"])
        #expect(debugger.updates.count == 2)
        #expect(host.rendering.text == "hidden")
        withExtendedLifetime((observation, log)) {}
    }

    @Test("R19: update(workflow:) runs the root's workflowDidChange and always renders, even with an equal value", arguments: RuntimeKind.allCases)
    func updateAlwaysRenders(kind: RuntimeKind) {
        let log = EventLog.begin()
        let debugger = RecordingDebugger(log: log)
        let host = TestHost(kind, Node("R", [Node("A")]), debugger: debugger)
        host.recordRenderings()
        log.clear()
        host.update(workflow: Node("R", [Node("A")]))
        #expect(log.entries.prefix(2) == ["R change 0->0", "R render"])
        #expect(host.publishedRenderings.map(\.text) == ["R:0(A:0)"])
        #expect(debugger.updates.count == 1)
        // S2: the unchanged, clean child may be skipped by the fast runtime.
        #expect(renderedNames(in: log) == (kind.skipsRenders ? ["R"] : ["R", "A"]))
    }

    @Test("R16, R19: rendering always holds the latest rendering", arguments: RuntimeKind.allCases)
    func renderingIsLatest(kind: RuntimeKind) {
        _ = EventLog.begin()
        let host = TestHost(kind, Node("R", [Node("A")]))
        #expect(host.rendering.text == "R:0(A:0)")
        host.rendering.send(.increment, to: "A")
        #expect(host.rendering.text == "R:0(A:1)")
        host.update(workflow: Node("R", props: 4, [Node("A")]))
        #expect(host.rendering.text == "R:0p4(A:1)")
        host.rendering.send(.noop, to: "A")
        #expect(host.rendering.text == "R:0p4(A:1)")
    }

    @Test("R17, R25: the renderings stream starts with the current rendering; the outputs stream gets the outputs from then on, after their rendering", arguments: RuntimeKind.allCases)
    func asyncStreams(kind: RuntimeKind) async {
        _ = EventLog.begin()
        let host = TestHost(kind, Node("R"))
        host.rendering.send(.increment, to: "R")
        var renderings = host.renderings.makeAsyncIterator()
        var outputs = host.outputs.makeAsyncIterator()
        #expect(await renderings.next()?.text == "R:1")
        host.rendering.send(.incrementAndEmit("one"), to: "R")
        #expect(await renderings.next()?.text == "R:2")
        host.rendering.send(.incrementAndEmit("two"), to: "R")
        #expect(await renderings.next()?.text == "R:3")
        #expect(await outputs.next() == "one")
        #expect(await outputs.next() == "two")
    }
}
