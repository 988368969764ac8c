import Testing
import Workflow
import WorkflowHostHarness

// The cascade: outputs climbing through outputMaps (R17), one render pass per
// cascade and no batching (R18), and render skipping (S1-S4).

/// A workflow whose state is not Equatable: any applied action is a change (S1).
private struct Unequatable: Workflow {
    final class Box: CustomStringConvertible {
        var value = 0
        var description: String { "box(\(value))" }
    }

    struct State {
        var box = Box()
    }

    struct Rendering {
        var text: String
        var poke: () -> Void
    }

    func makeInitialState() -> State { State() }

    func render(state: State, context: RenderContext<Unequatable>) -> Rendering {
        record("Unequatable render")
        let sink = context.makeSink(of: AnyWorkflowAction<Unequatable>.self)
        // The action mutates the box in place: the state value stays the same
        // reference, but the runtime cannot know that.
        return Rendering(text: "box=\(state.box.value)", poke: {
            sink.send(AnyWorkflowAction { state in
                state.box.value += 1
                return nil
            })
        })
    }
}

/// A Void-state workflow that only emits outputs: it never changes (S1).
private struct Emitter: Workflow {
    typealias State = Void
    typealias Output = String

    struct Rendering {
        var emit: Sink<String>
    }

    func render(state: Void, context: RenderContext<Emitter>) -> Rendering {
        record("Emitter render")
        return Rendering(emit: context.makeOutputSink())
    }
}

/// A parent with a counter, rendering a `Node("C")`, a `Bare` and an `Opaque`.
private struct MixedParent: Workflow {
    struct Rendering {
        var text: String
        var node: Node.Rendering
        var increment: () -> Void
    }

    func makeInitialState() -> Int { 0 }

    func render(state: Int, context: RenderContext<MixedParent>) -> Rendering {
        record("MixedParent render")
        let node = Node("C").rendered(in: context, key: "c", outputMap: { _ in AnyWorkflowAction<MixedParent>.noAction })
        let bare = Bare().rendered(in: context, key: "bare")
        let opaque = Opaque(label: "o").rendered(in: context, key: "opaque")
        let sink = context.makeStateMutationSink()
        return Rendering(
            text: "parent:\(state) \(node.text) \(bare.text) \(opaque)",
            node: node,
            increment: { sink.send { $0 += 1 } }
        )
    }
}

/// Shows `Node("C")` until C outputs something; then drops it and outputs
/// "closed".
private struct Closer: Workflow {
    typealias Output = String

    struct Rendering {
        var text: String
        var child: Node.Rendering?
    }

    func makeInitialState() -> String? { nil }

    func render(state closedBy: String?, context: RenderContext<Closer>) -> Rendering {
        guard let closedBy else {
            let child = Node("C").rendered(in: context, key: "c", outputMap: { text in
                AnyWorkflowAction<Closer> { state in
                    state = text
                    return "closed"
                }
            })
            return Rendering(text: "open \(child.text)", child: child)
        }
        return Rendering(text: "closed after \(closedBy)", child: nil)
    }
}

/// Everything a host showed during a script: renderings, outputs, and the
/// start and end of nodes (from the workflows' own "init" entries and an
/// observer's "end" entries).
private struct Trace: Equatable {
    var renderings: [String] = []
    var published: [String] = []
    var outputs: [String] = []
    var lifecycle: [String] = []
    var renderCount = 0
}

/// Runs one script of sends and updates; samples the host's rendering after
/// each step and records every rendering it published (S3).
@MainActor
private func runScript(_ kind: RuntimeKind) -> Trace {
    let log = EventLog.begin()
    let observer = RecordingObserver(log: log)
    let tree = Node("R", [Node("A", [Node("A1"), Node("A2")]), Node("B", [Node("B1")])])
    let host = TestHost(kind, tree, observers: [observer])
    host.recordOutputs()
    host.recordRenderings()
    var trace = Trace()
    let steps: [() -> Void] = [
        { host.rendering.send(.increment, to: "A2") },
        { host.rendering.send(.noop, to: "B1") },
        { host.rendering.send(.incrementAndEmit("up"), to: "A1") },
        { host.rendering.send(.emit("out"), to: "R") },
        { host.rendering.send(.setCount(1), to: "A2") },
        { host.update(workflow: Node("R", [Node("A", [Node("A2"), Node("A3")]), Node("B", props: 2, [Node("B1")])])) },
        { host.rendering.send(.increment, to: "A3") },
        { host.rendering.send(.emit("b1"), to: "B1") },
        { host.update(workflow: Node("R", [Node("B", props: 2, [Node("B1")])])) },
        { host.rendering.send(.increment, to: "R") },
    ]
    trace.renderings.append(host.rendering.text)
    for step in steps {
        step()
        trace.renderings.append(host.rendering.text)
    }
    trace.outputs = host.publishedOutputs
    trace.published = host.publishedRenderings.map(\.text)
    trace.lifecycle = log.entries.filter { $0.hasSuffix(" init") || $0.hasPrefix("end ") }
    trace.renderCount = renders(in: log).count
    return trace
}

@MainActor
@Suite("Cascade")
struct CascadeTests {
    @Test("R17: an output climbs through each parent's outputMap, applied at each level, up to the host", arguments: RuntimeKind.allCases)
    func outputClimbs(kind: RuntimeKind) {
        _ = EventLog.begin()
        let host = TestHost(kind, Node("R", [Node("A", [Node("A1")])]))
        host.recordOutputs()
        host.rendering.send(.emit("x"), to: "A1")
        #expect(host.rendering.text == "R:0[A/x](A:0[x](A1:0))")
        #expect(host.publishedOutputs == ["R/A/x"])
    }

    @Test("R17: an action with no output stops the climb", arguments: RuntimeKind.allCases)
    func nilOutputStops(kind: RuntimeKind) {
        _ = EventLog.begin()
        let host = TestHost(kind, Node("R", [Node("A", forwards: false, [Node("A1")])]))
        host.recordOutputs()
        host.rendering.send(.emit("x"), to: "A1")
        #expect(host.rendering.text == "R:0(A:0[x](A1:0))")
        #expect(host.publishedOutputs.isEmpty)
    }

    @Test("R17: the root's output reaches the output observers after the new rendering was published", arguments: RuntimeKind.allCases)
    func outputAfterRendering(kind: RuntimeKind) {
        let log = EventLog.begin()
        let host = TestHost(kind, Node("R", [Node("A")]))
        let renderings = host.observeRenderings { record("rendering \($0.text)") }
        let outputs = host.observeOutputs { [unowned host] output in
            record("output \(output) while host shows \(host.rendering.text)")
        }
        log.clear()
        host.rendering.send(.incrementAndEmit("x"), to: "A")
        #expect(log.entries.filter { !$0.hasSuffix(" render") && !$0.contains(" change ") } == [
            "rendering R:0[x](A:1)",
            "output R/x while host shows R:0[x](A:1)",
        ])
        withExtendedLifetime((renderings, outputs)) {}
    }

    @Test("R18: one cascade through three levels renders once", arguments: RuntimeKind.allCases)
    func oneCascadeOneRender(kind: RuntimeKind) {
        let log = EventLog.begin()
        let debugger = RecordingDebugger(log: log)
        let host = TestHost(kind, Node("R", [Node("A", [Node("A1")])]), debugger: debugger)
        host.recordRenderings()
        log.clear()
        host.rendering.send(.incrementAndEmit("x"), to: "A1")
        #expect(renderedNames(in: log) == ["R", "A", "A1"])
        #expect(host.publishedRenderings.map(\.text) == ["R:0[A/x](A:0[x](A1:1))"])
        #expect(debugger.updates.count == 1)
    }

    @Test("R18: N sends are N cascades, each with its own render pass; actions are not batched", arguments: RuntimeKind.allCases)
    func sendsAreNotBatched(kind: RuntimeKind) {
        let log = EventLog.begin()
        let debugger = RecordingDebugger(log: log)
        let host = TestHost(kind, Node("R"), debugger: debugger)
        host.recordRenderings()
        let sink = host.rendering.sinks["R"]!
        log.clear()
        sink.send(.increment)
        sink.send(.increment)
        sink.send(.setCount(7))
        #expect(host.publishedRenderings.map(\.text) == ["R:1", "R:2", "R:7"])
        #expect(renderedNames(in: log) == ["R", "R", "R"])
        #expect(debugger.updates.map(\.snapshot.stateDescription) == ["count=1", "count=2", "count=7"])
    }

    @Test("S3: a cascade that changes no state renders nothing on the fast runtime, but publishes the unchanged rendering and delivers outputs", arguments: RuntimeKind.allCases)
    func unchangedCascadeRendersNothing(kind: RuntimeKind) {
        let log = EventLog.begin()
        let debugger = RecordingDebugger(log: log)
        let host = TestHost(kind, Node("R", [Node("A"), Node("B")]), debugger: debugger)
        host.recordRenderings()
        host.recordOutputs()
        log.clear()
        host.rendering.send(.noop, to: "A")
        host.rendering.send(.setCount(0), to: "B")
        host.rendering.send(.emit("x"), to: "R")
        #expect(host.publishedOutputs == ["x"])
        #expect(debugger.updates.count == 3)
        #expect(host.rendering.text == "R:0(A:0,B:0)")
        #expect(host.publishedRenderings.map(\.text) == ["R:0(A:0,B:0)", "R:0(A:0,B:0)", "R:0(A:0,B:0)"])
        if kind.skipsRenders {
            #expect(renders(in: log).isEmpty)
        } else {
            #expect(renderedNames(in: log) == ["R", "A", "B", "R", "A", "B", "R", "A", "B"])
        }
    }

    @Test("S1: a state that is not Equatable counts as changed by any applied action", arguments: RuntimeKind.allCases)
    func unequatableStateAlwaysChanges(kind: RuntimeKind) {
        let log = EventLog.begin()
        let host = TestHost(kind, Unequatable())
        host.recordRenderings()
        log.clear()
        host.rendering.poke()
        host.rendering.poke()
        #expect(host.publishedRenderings.map(\.text) == ["box=1", "box=2"])
        #expect(log.count("Unequatable render") == 2)
    }

    @Test("S1, S3: a Void state never changes: the fast runtime renders nothing, the rendering is still published and the output arrives", arguments: RuntimeKind.allCases)
    func voidStateNeverChanges(kind: RuntimeKind) {
        let log = EventLog.begin()
        let host = TestHost(kind, Emitter())
        host.recordRenderings()
        host.recordOutputs()
        log.clear()
        host.rendering.emit.send("one")
        host.rendering.emit.send("two")
        #expect(host.publishedOutputs == ["one", "two"])
        #expect(log.count("Emitter render") == (kind.skipsRenders ? 0 : 2))
        #expect(host.publishedRenderings.count == 2)
    }

    @Test("S1, S2: a state change re-renders only its path to the root on the fast runtime", arguments: RuntimeKind.allCases)
    func onlyDirtyPathRenders(kind: RuntimeKind) {
        let log = EventLog.begin()
        let host = TestHost(kind, Node("R", [Node("A", [Node("A1"), Node("A2")]), Node("B", [Node("B1")])]))
        log.clear()
        host.rendering.send(.increment, to: "A2")
        #expect(host.rendering.text == "R:0(A:0(A1:0,A2:1),B:0(B1:0))")
        if kind.skipsRenders {
            #expect(renderedNames(in: log) == ["R", "A", "A2"])
            // A and A2 are reused and not skipped: their workflowDidChange
            // runs (R7); A1, B and B1 are skipped and get none (S2).
            #expect(log.entries.filter { $0.contains(" change ") } == ["A change 0->0", "A2 change 0->0"])
        } else {
            #expect(renderedNames(in: log) == ["R", "A", "A1", "A2", "B", "B1"])
        }
    }

    @Test("S2: clean children with equal values are skipped and their cached renderings reused; an unequatable one is not", arguments: RuntimeKind.allCases)
    func cleanEqualChildrenAreSkipped(kind: RuntimeKind) {
        let log = EventLog.begin()
        let host = TestHost(kind, MixedParent())
        host.rendering.node.send(.increment, to: "C")
        host.rendering.node.send(.increment, to: "C")
        log.clear()
        host.rendering.increment()
        #expect(host.rendering.text == "parent:1 C:2 bare:0 opaque:o")
        if kind.skipsRenders {
            #expect(log.entries == ["MixedParent render", "Opaque change o->o", "Opaque(o) render"])
        } else {
            #expect(log.entries == [
                "MixedParent render", "C change 0->0", "C render", "Bare change", "Bare render",
                "Opaque change o->o", "Opaque(o) render",
            ])
        }
    }

    @Test("S2, R9: a skipped child's whole subtree stays alive, with its state and sinks", arguments: RuntimeKind.allCases)
    func skippedSubtreeStaysAlive(kind: RuntimeKind) throws {
        let log = EventLog.begin()
        let observer = RecordingObserver(log: log)
        let host = TestHost(kind, Node("R", [Node("A", [Node("A1", [Node("A11")])]), Node("B")]), observers: [observer])
        host.rendering.send(.increment, to: "A11")
        let a11 = try #require(host.rendering.sinks["A11"])
        log.clear()
        host.rendering.send(.increment, to: "B")
        host.rendering.send(.increment, to: "R")
        #expect(log.entries(withPrefix: "end ").isEmpty)
        #expect(log.entries(withPrefix: "begin ").isEmpty)
        #expect(host.rendering.text == "R:1(A:0(A1:0(A11:1)),B:1)")
        a11.send(.increment)
        #expect(host.rendering.text == "R:1(A:0(A1:0(A11:2)),B:1)")
        if kind.skipsRenders {
            #expect(renderedNames(in: log) == ["R", "B", "R", "R", "A", "A1", "A11"])
        }
    }

    @Test("R9, R17: a child that changed its state and whose output makes the parent drop it ends in that cascade", arguments: RuntimeKind.allCases)
    func childDroppedByItsOwnOutput(kind: RuntimeKind) throws {
        let log = EventLog.begin()
        let observer = RecordingObserver(log: log)
        let host = TestHost(kind, Closer(), observers: [observer])
        host.recordOutputs()
        let child = try #require(host.rendering.child)
        child.send(.increment, to: "C")
        log.clear()
        child.send(.incrementAndEmit("close"), to: "C")
        #expect(host.rendering.text == "closed after close")
        #expect(host.rendering.child == nil)
        #expect(host.publishedOutputs == ["closed"])
        #expect(log.entries(withPrefix: "end ") == ["end Node c"])
        #expect(log.count("C render") == 0)
        log.clear()
        child.send(.increment, to: "C")
        #expect(log.entries.isEmpty)
    }

    @Test("S2, S4: a props change re-renders exactly the changed child's path", arguments: RuntimeKind.allCases)
    func propsChangeRendersItsPath(kind: RuntimeKind) {
        let log = EventLog.begin()
        let host = TestHost(kind, Node("R", [Node("A", [Node("A1")]), Node("B", [Node("B1")])]))
        log.clear()
        host.update(workflow: Node("R", [Node("A", [Node("A1")]), Node("B", [Node("B1", props: 3)])]))
        #expect(host.rendering.text == "R:0(A:0(A1:0),B:0(B1:0p3))")
        if kind.skipsRenders {
            #expect(renderedNames(in: log) == ["R", "B", "B1"])
            #expect(log.entries.filter { $0.contains(" change ") } == ["R change 0->0", "B change 0->0", "B1 change 0->3"])
        } else {
            #expect(renderedNames(in: log) == ["R", "A", "A1", "B", "B1"])
        }
    }

    @Test("S1: setting an Equatable state to an equal value is no change; a different value is", arguments: RuntimeKind.allCases)
    func equalStateIsNoChange(kind: RuntimeKind) {
        let log = EventLog.begin()
        let host = TestHost(kind, Node("R", [Node("A")]))
        log.clear()
        host.rendering.send(.setCount(0), to: "A")
        #expect(renderedNames(in: log) == (kind.skipsRenders ? [] : ["R", "A"]))
        log.clear()
        host.rendering.send(.setCount(4), to: "A")
        #expect(renderedNames(in: log) == ["R", "A"])
        #expect(host.rendering.text == "R:0(A:4)")
    }

    @Test("S3, S4: the same script gives the reference's renderings, publications, outputs and lifecycles, with no more renders", arguments: RuntimeKind.allCases)
    func sameObservablesAsReference(kind: RuntimeKind) {
        let trace = runScript(kind)
        let reference = runScript(.reference)
        #expect(trace.renderings == reference.renderings)
        #expect(trace.published == reference.published)
        #expect(reference.published.count == 10)
        #expect(trace.outputs == reference.outputs)
        #expect(trace.lifecycle == reference.lifecycle)
        #expect(trace.renderCount <= reference.renderCount)
        if kind.skipsRenders {
            #expect(trace.renderCount < reference.renderCount)
        } else {
            #expect(trace.renderCount == reference.renderCount)
        }
        #expect(reference.outputs == ["R/A/up", "out", "R/B/b1"])
        #expect(reference.renderings.last == "R:1[A/up,B/b1](B:0p2[b1](B1:0))")
    }
}
