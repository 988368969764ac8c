import Testing
import Workflow
import WorkflowHostHarness

// Composition API: mapOutput, mapRendering, onOutput, ignoringOutput,
// AnyWorkflow, rendered(in:) overloads, running(in:), AnyWorkflowAction and
// ApplyContext, on every runtime.

/// Renders `Node("C")` through mapRendering and mapOutput.
private struct MappingParent: Workflow {
    typealias State = Void
    typealias Output = String

    func render(state: Void, context: RenderContext<MappingParent>) -> (label: String, sinks: [String: Sink<NodeAction>]) {
        Node("C")
            .mapRendering { (label: "[\($0.text)]", sinks: $0.sinks) }
            .mapOutput { "mapped(\($0))" }
            .rendered(in: context, key: "c", outputMap: { AnyWorkflowAction<MappingParent>(sendingOutput: $0) })
    }
}

/// Counts its child's outputs in its state through onOutput.
private struct OnOutputParent: Workflow {
    typealias Output = String

    struct Rendering {
        var heard: Int
        var child: Node.Rendering
    }

    func makeInitialState() -> Int { 0 }

    func render(state: Int, context: RenderContext<OnOutputParent>) -> Rendering {
        let child = Node("C")
            .onOutput { (heard: inout Int, output: String) -> String? in
                heard += 1
                return output == "quiet" ? nil : "on(\(output))"
            }
            .rendered(in: context, key: "c")
        return Rendering(heard: state, child: child)
    }
}

/// Would count its child's outputs, but the child ignores them.
private struct IgnoringParent: Workflow {
    typealias Output = String

    struct Rendering {
        var heard: Int
        var child: Node.Rendering
    }

    func makeInitialState() -> Int { 0 }

    func render(state: Int, context: RenderContext<IgnoringParent>) -> Rendering {
        let child = Node("C").ignoringOutput().rendered(in: context, key: "c")
        return Rendering(heard: state, child: child)
    }
}

/// Sinks of the Void-rendering children of `RunningParent`, by name.
nonisolated(unsafe) private var tickerSinks: [String: Sink<String>] = [:]

/// A child with no rendering, whose output sink is published in `tickerSinks`.
private struct Ticker: Workflow {
    typealias State = Void
    typealias Output = String
    var name: String

    func render(state: Void, context: RenderContext<Ticker>) {
        tickerSinks[name] = context.makeOutputSink()
    }
}

/// A child with no rendering whose output is an action of `RunningParent`.
private struct ActionTicker: Workflow {
    typealias State = Void
    typealias Output = RunningAction

    func render(state: Void, context: RenderContext<ActionTicker>) {
        tickerSinks["action"] = context.makeOutputSink().contraMap { RunningAction(text: $0) }
    }
}

private struct RunningAction: WorkflowAction {
    typealias WorkflowType = RunningParent
    var text: String

    func apply(toState state: inout [String], context: ApplyContext<RunningParent>) -> Never? {
        state.append(text)
        return nil
    }
}

private struct RunningParent: Workflow {
    func makeInitialState() -> [String] { [] }

    func render(state: [String], context: RenderContext<RunningParent>) -> [String] {
        Ticker(name: "mapped").running(in: context, key: "mapped", outputMap: { text in
            RunningAction(text: "mapped:\(text)")
        })
        ActionTicker().running(in: context, key: "action")
        return state
    }
}

/// The three `rendered(in:key:)` overloads without an outputMap.
private struct OverloadParent: Workflow {
    struct Rendering {
        var log: [String]
        var actionChild: Sink<String>
        var anyActionChild: Sink<String>
        var never: String
        var mappedNever: String
    }

    func makeInitialState() -> [String] { [] }

    func render(state: [String], context: RenderContext<OverloadParent>) -> Rendering {
        Rendering(
            log: state,
            actionChild: ActionOutputChild().rendered(in: context, key: "action"),
            anyActionChild: AnyActionOutputChild().rendered(in: context, key: "any"),
            never: Opaque(label: "never").rendered(in: context, key: "never"),
            mappedNever: Opaque(label: "mapped").mapOutput(to: String.self).rendered(in: context, key: "mapped", outputMap: { text in
                AnyWorkflowAction<OverloadParent> { state in
                    state.append(text)
                    return nil
                }
            })
        )
    }
}

private struct OverloadAction: WorkflowAction {
    typealias WorkflowType = OverloadParent
    var text: String

    func apply(toState state: inout [String], context: ApplyContext<OverloadParent>) -> Never? {
        state.append("action:\(text)")
        return nil
    }
}

/// Its Output is an action of its parent.
private struct ActionOutputChild: Workflow {
    typealias State = Void
    typealias Output = OverloadAction

    func render(state: Void, context: RenderContext<ActionOutputChild>) -> Sink<String> {
        context.makeOutputSink().contraMap { OverloadAction(text: $0) }
    }
}

/// Its Output is `AnyWorkflowAction` of its parent.
private struct AnyActionOutputChild: Workflow {
    typealias State = Void
    typealias Output = AnyWorkflowAction<OverloadParent>

    func render(state: Void, context: RenderContext<AnyActionOutputChild>) -> Sink<String> {
        context.makeOutputSink().contraMap { text in
            AnyWorkflowAction<OverloadParent> { state in
                state.append("any:\(text)")
                return nil
            }
        }
    }
}

/// Multiplies its state by its `factor` prop, read through the ApplyContext.
private struct Multiplier: Workflow, Equatable {
    var factor: Int

    struct Rendering {
        var value: Int
        var multiply: Sink<Multiply>
    }

    func makeInitialState() -> Int { 1 }

    func render(state: Int, context: RenderContext<Multiplier>) -> Rendering {
        Rendering(value: state, multiply: context.makeSink(of: Multiply.self))
    }
}

private struct Multiply: WorkflowAction {
    typealias WorkflowType = Multiplier

    func apply(toState state: inout Int, context: ApplyContext<Multiplier>) -> Never? {
        state *= context[workflowValue: \.factor]
        return nil
    }
}

/// A root that declares only the AnyWorkflowAction sink.
private struct AnySinkRoot: Workflow {
    typealias Output = String

    struct Rendering {
        var count: Int
        var sink: Sink<AnyWorkflowAction<AnySinkRoot>>
    }

    func makeInitialState() -> Int { 0 }

    func render(state: Int, context: RenderContext<AnySinkRoot>) -> Rendering {
        Rendering(count: state, sink: context.makeSink(of: AnyWorkflowAction<AnySinkRoot>.self))
    }
}

private struct NodelessAction: WorkflowAction {
    typealias WorkflowType = AnySinkRoot

    func apply(toState state: inout Int, context: ApplyContext<AnySinkRoot>) -> String? {
        state += 1
        return "typed"
    }
}

@MainActor
@Suite("Composition")
struct CompositionTests {
    @Test("R2, R17: mapRendering and mapOutput transform the child's rendering and outputs", arguments: RuntimeKind.allCases)
    func mapRenderingAndOutput(kind: RuntimeKind) {
        _ = EventLog.begin()
        let host = TestHost(kind, MappingParent())
        host.recordOutputs()
        #expect(host.rendering.label == "[C:0]")
        host.rendering.sinks["C"]!.send(.incrementAndEmit("x"))
        #expect(host.rendering.label == "[C:1]")
        #expect(host.publishedOutputs == ["mapped(x)"])
    }

    @Test("R17: onOutput updates the parent's state and returns its output (or none)", arguments: RuntimeKind.allCases)
    func onOutput(kind: RuntimeKind) {
        _ = EventLog.begin()
        let host = TestHost(kind, OnOutputParent())
        host.recordOutputs()
        host.rendering.child.send(.emit("a"), to: "C")
        host.rendering.child.send(.emit("quiet"), to: "C")
        host.rendering.child.send(.emit("b"), to: "C")
        #expect(host.rendering.heard == 3)
        #expect(host.publishedOutputs == ["on(a)", "on(b)"])
    }

    @Test("R2: ignoringOutput drops the child's outputs and passes its rendering through", arguments: RuntimeKind.allCases)
    func ignoringOutput(kind: RuntimeKind) {
        _ = EventLog.begin()
        let host = TestHost(kind, IgnoringParent())
        host.recordOutputs()
        host.rendering.child.send(.incrementAndEmit("a"), to: "C")
        #expect(host.rendering.child.text == "C:1")
        #expect(host.rendering.heard == 0)
        #expect(host.publishedOutputs.isEmpty)
    }

    @Test("R2, R3: AnyWorkflow does not double-wrap; base and workflowType name the concrete workflow", arguments: RuntimeKind.allCases)
    func anyWorkflowDoesNotDoubleWrap(kind: RuntimeKind) {
        let log = EventLog.begin()
        let once = Node("W").asAnyWorkflow()
        let twice = AnyWorkflow(once)
        #expect((twice.base as? Node)?.name == "W")
        #expect(twice.workflowType == Node.self)
        #expect(once.asAnyWorkflow().workflowType == Node.self)
        #expect(twice.mapRendering { $0.text }.workflowType == Node.self)

        let observer = RecordingObserver(log: log)
        let host = TestHost(kind, twice, observers: [observer])
        #expect(host.rendering.text == "W:0")
        #expect(observer.sessions.map { "\($0.workflowType)" } == ["\(AnyWorkflow<Node.Rendering, String>.self)", "Node"])
    }

    @Test("R2: running(in:) runs Void-rendering children, with and without an outputMap", arguments: RuntimeKind.allCases)
    func running(kind: RuntimeKind) {
        _ = EventLog.begin()
        tickerSinks = [:]
        let host = TestHost(kind, RunningParent())
        #expect(host.rendering.isEmpty)
        tickerSinks["mapped"]!.send("one")
        tickerSinks["action"]!.send("two")
        #expect(host.rendering == ["mapped:one", "two"])
    }

    @Test("R17: rendered(in:key:) for an Output that is a parent action, AnyWorkflowAction<Parent>, Never, and mapOutput(to:)", arguments: RuntimeKind.allCases)
    func renderedOverloads(kind: RuntimeKind) {
        let log = EventLog.begin()
        let observer = RecordingObserver(log: log)
        let host = TestHost(kind, OverloadParent(), observers: [observer])
        #expect(host.rendering.never == "opaque:never")
        #expect(host.rendering.mappedNever == "opaque:mapped")
        host.rendering.actionChild.send("a")
        host.rendering.anyActionChild.send("b")
        #expect(host.rendering.log == ["action:a", "any:b"])
        #expect(observer.sessions.map(\.renderKey) == ["", "action", "any", "never", "mapped"])
    }

    @Test("R17: AnyWorkflowAction sendingOutput and noAction; base, isClosureBased, no double wrap", arguments: RuntimeKind.allCases)
    func anyWorkflowAction(kind: RuntimeKind) {
        _ = EventLog.begin()
        let typed = AnyWorkflowAction<Node>(NodeAction.increment)
        #expect(typed.isClosureBased == false)
        #expect((typed.base as? NodeAction)?.description == "increment")
        let rewrapped = AnyWorkflowAction<Node>(typed)
        #expect(rewrapped.isClosureBased == false)
        #expect((rewrapped.base as? NodeAction)?.description == "increment")
        let closure = AnyWorkflowAction<Node> { (state: inout Node.State) -> String? in
            state.count += 10
            return nil
        }
        #expect(closure.isClosureBased)
        #expect(AnyWorkflowAction<Node>(closure).isClosureBased)

        let host = TestHost(kind, AnySinkRoot())
        host.recordOutputs()
        host.rendering.sink.send(.noAction)
        #expect(host.rendering.count == 0)
        #expect(host.publishedOutputs.isEmpty)
        host.rendering.sink.send(AnyWorkflowAction(sendingOutput: "out"))
        #expect(host.publishedOutputs == ["out"])
        host.rendering.sink.send(AnyWorkflowAction { (state: inout Int, context: ApplyContext<AnySinkRoot>) -> String? in
            state = 5
            return "five"
        })
        host.rendering.sink.send(AnyWorkflowAction(NodelessAction()))
        #expect(host.rendering.count == 6)
        #expect(host.publishedOutputs == ["out", "five", "typed"])
    }

    @Test("R7: ApplyContext[workflowValue:] reads the node's current workflow value", arguments: RuntimeKind.allCases)
    func applyContextReadsCurrentValue(kind: RuntimeKind) {
        _ = EventLog.begin()
        let host = TestHost(kind, Multiplier(factor: 2))
        let oldSink = host.rendering.multiply
        host.rendering.multiply.send(Multiply())
        #expect(host.rendering.value == 2)
        host.update(workflow: Multiplier(factor: 5))
        oldSink.send(Multiply())
        #expect(host.rendering.value == 10)
        host.update(workflow: Multiplier(factor: 3))
        host.rendering.multiply.send(Multiply())
        #expect(host.rendering.value == 30)
    }
}
