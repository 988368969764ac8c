import Testing
@_spi(WorkflowRuntimeConfig) import Workflow
@_spi(WorkflowRuntimeConfig) import WorkflowHostHarness

// Runtime.Configuration: renderOnlyIfStateChanged (upstream's switch, S3 for
// every runtime), renderSkipping (this project's switch), and when the
// configuration is read.

/// A root with a non-Equatable state: any applied action is a change (S1).
private struct BoxState: Workflow {
    final class Box {
        var value = 0
    }

    struct Rendering {
        var text: String
        var poke: () -> Void
    }

    func makeInitialState() -> Box { Box() }

    func render(state: Box, context: RenderContext<BoxState>) -> Rendering {
        record("BoxState render")
        let sink = context.makeSink(of: AnyWorkflowAction<BoxState>.self)
        return Rendering(text: "box=\(state.value)", poke: {
            sink.send(AnyWorkflowAction { box in
                box.value += 1
                return nil
            })
        })
    }
}

/// A Void-state root that only emits outputs: it never changes (S1).
private struct VoidEmitter: Workflow {
    typealias State = Void
    typealias Output = String

    func render(state: Void, context: RenderContext<VoidEmitter>) -> Sink<String> {
        record("VoidEmitter render")
        return context.makeOutputSink()
    }
}

@MainActor
@Suite("Configuration")
struct ConfigurationTests {
    @Test("S4: configuration defaults are renderOnlyIfStateChanged off, renderSkipping on; withConfiguration scopes an override", arguments: RuntimeKind.allCases)
    func defaultsAndScoping(kind: RuntimeKind) {
        #expect(Runtime.Configuration().renderSkipping == true)
        #expect(Runtime.Configuration().renderOnlyIfStateChanged == false)
        var seen: [Bool] = []
        let value = Runtime.withConfiguration(override: { $0.renderOnlyIfStateChanged = true }) { () -> Int in
            Runtime.withConfiguration(override: { seen.append($0.renderOnlyIfStateChanged) }) { 42 }
        }
        #expect(value == 42)
        #expect(seen == [true])
        Runtime.withConfiguration(override: { seen.append($0.renderOnlyIfStateChanged) }) {}
        #expect(seen == [true, false])

        // The configuration is read when the host is built: a later scope
        // changes nothing for it.
        let log = EventLog.begin()
        let host = TestHost(kind, Node("R", [Node("A")]))
        log.clear()
        Runtime.withConfiguration(override: {
            $0.renderOnlyIfStateChanged = true
            $0.renderSkipping = kind != .fast
        }) {
            host.rendering.send(.noop, to: "A")
        }
        #expect(renderedNames(in: log) == (kind.skipsRenders ? [] : ["R", "A"]))
    }

    @Test("S3: with renderOnlyIfStateChanged a cascade that changes no state renders nothing on any runtime; outputs still arrive", arguments: RuntimeKind.allCases)
    func renderOnlyIfStateChangedSkipsUnchanged(kind: RuntimeKind) {
        let log = EventLog.begin()
        let host = TestHost(kind, Node("R", [Node("A")])) { $0.renderOnlyIfStateChanged = true }
        host.recordRenderings()
        host.recordOutputs()
        log.clear()
        host.rendering.send(.noop, to: "A")
        host.rendering.send(.setCount(0), to: "R")
        host.rendering.send(.emit("x"), to: "R")
        #expect(renders(in: log).isEmpty)
        #expect(host.publishedRenderings.isEmpty)
        #expect(host.publishedOutputs == ["x"])
    }

    @Test("S3, S2: with renderOnlyIfStateChanged a state change renders: the whole tree, or its path with skipping", arguments: RuntimeKind.allCases)
    func renderOnlyIfStateChangedRendersChanges(kind: RuntimeKind) {
        let log = EventLog.begin()
        let host = TestHost(kind, Node("R", [Node("A"), Node("B")])) { $0.renderOnlyIfStateChanged = true }
        host.recordRenderings()
        log.clear()
        host.rendering.send(.increment, to: "B")
        #expect(host.publishedRenderings.map(\.text) == ["R:0(A:0,B:1)"])
        #expect(renderedNames(in: log) == (kind.skipsRenders ? ["R", "B"] : ["R", "A", "B"]))
    }

    @Test("S1: with renderOnlyIfStateChanged a non-Equatable state always counts as changed, a Void state never", arguments: RuntimeKind.allCases)
    func renderOnlyIfStateChangedNotionOfChange(kind: RuntimeKind) {
        let log = EventLog.begin()
        let emitter = TestHost(kind, VoidEmitter()) { $0.renderOnlyIfStateChanged = true }
        emitter.recordRenderings()
        emitter.recordOutputs()
        let boxes = TestHost(kind, BoxState()) { $0.renderOnlyIfStateChanged = true }
        boxes.recordRenderings()
        log.clear()
        emitter.rendering.send("void")
        #expect(renders(in: log).isEmpty)
        #expect(emitter.publishedRenderings.isEmpty)
        #expect(emitter.publishedOutputs == ["void"])
        boxes.rendering.poke()
        boxes.rendering.poke()
        #expect(boxes.publishedRenderings.map(\.text) == ["box=1", "box=2"])
        #expect(renderedNames(in: log) == ["BoxState", "BoxState"])
    }

    @Test("R19: update(workflow:) renders even with renderOnlyIfStateChanged and an equal value", arguments: RuntimeKind.allCases)
    func updateRendersDespiteRenderOnlyIfStateChanged(kind: RuntimeKind) {
        let log = EventLog.begin()
        let host = TestHost(kind, Node("R")) { $0.renderOnlyIfStateChanged = true }
        host.recordRenderings()
        log.clear()
        host.update(workflow: Node("R"))
        #expect(log.entries == ["R change 0->0", "R render"])
        #expect(host.publishedRenderings.map(\.text) == ["R:0"])
    }

    @Test("S4: renderSkipping off renders the whole tree on every cascade, like the reference", arguments: RuntimeKind.allCases)
    func renderSkippingOff(kind: RuntimeKind) {
        let log = EventLog.begin()
        let host = TestHost(kind, Node("R", [Node("A", [Node("A1")]), Node("B")]))
        log.clear()
        host.rendering.send(.increment, to: "A1")
        host.rendering.send(.noop, to: "B")
        switch kind {
        case .fast:
            #expect(renderedNames(in: log) == ["R", "A", "A1"])
        case .fastNoSkipping, .reference:
            #expect(renderedNames(in: log) == ["R", "A", "A1", "B", "R", "A", "A1", "B"])
        }
        #expect(host.rendering.text == "R:0(A:0(A1:1),B:0)")
    }
}
