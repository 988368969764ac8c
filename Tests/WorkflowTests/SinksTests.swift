import Testing
import Workflow
import WorkflowHostHarness

// Sinks: synchronous handling (R16), one live sink per action type whose
// older copies keep working until the type is no longer declared (R13), the
// shared AnyWorkflowAction sink (R14), and Sink itself.

/// Declares a `CountAction` sink only while `declares` is true.
private struct Declarer: Workflow {
    struct State: Equatable, CustomStringConvertible {
        var count = 0
        var declares = true
        var description: String { "count=\(count) declares=\(declares)" }
    }

    struct Rendering {
        var count: Int
        var countSink: Sink<CountAction>?
        var toggle: Sink<ToggleDeclaring>
    }

    func makeInitialState() -> State { State() }

    func render(state: State, context: RenderContext<Declarer>) -> Rendering {
        record("Declarer render")
        return Rendering(
            count: state.count,
            countSink: state.declares ? context.makeSink(of: CountAction.self) : nil,
            toggle: context.makeSink(of: ToggleDeclaring.self)
        )
    }
}

private struct CountAction: WorkflowAction {
    typealias WorkflowType = Declarer
    var amount: Int

    func apply(toState state: inout Declarer.State, context: ApplyContext<Declarer>) -> Never? {
        state.count += amount
        return nil
    }
}

private struct ToggleDeclaring: WorkflowAction {
    typealias WorkflowType = Declarer

    func apply(toState state: inout Declarer.State, context: ApplyContext<Declarer>) -> Never? {
        state.declares.toggle()
        return nil
    }
}

/// Declares, depending on `mode`, one of the three views of the
/// AnyWorkflowAction sink, or none of them (mode 3).
private struct SharedSinks: Workflow {
    typealias Output = String

    struct State: Equatable {
        var count = 0
        var mode = 0
    }

    struct Rendering {
        var count: Int
        var output: Sink<String>?
        var mutation: StateMutationSink<SharedSinks>?
        var events: Sink<Int>?
        var setMode: Sink<SetMode>
    }

    func makeInitialState() -> State { State() }

    func render(state: State, context: RenderContext<SharedSinks>) -> Rendering {
        var rendering = Rendering(count: state.count, setMode: context.makeSink(of: SetMode.self))
        switch state.mode {
        case 0:
            rendering.output = context.makeOutputSink()
        case 1:
            rendering.mutation = context.makeStateMutationSink()
        case 2:
            rendering.events = context.makeSink(of: Int.self, onEvent: { amount, state, _ in
                state.count += amount
                return "added \(amount)"
            })
        default:
            break
        }
        return rendering
    }
}

private struct SetMode: WorkflowAction {
    typealias WorkflowType = SharedSinks
    var mode: Int

    func apply(toState state: inout SharedSinks.State, context: ApplyContext<SharedSinks>) -> String? {
        state.mode = mode
        return nil
    }
}

/// Makes two sinks of the same action type in each render.
private struct TwoSinks: Workflow {
    struct Rendering {
        var count: Int
        var first: Sink<CountTwice>
        var second: Sink<CountTwice>
    }

    func makeInitialState() -> Int { 0 }

    func render(state: Int, context: RenderContext<TwoSinks>) -> Rendering {
        Rendering(count: state, first: context.makeSink(of: CountTwice.self), second: context.makeSink(of: CountTwice.self))
    }
}

private struct CountTwice: WorkflowAction {
    typealias WorkflowType = TwoSinks
    var amount: Int

    func apply(toState state: inout Int, context: ApplyContext<TwoSinks>) -> Never? {
        state += amount
        return nil
    }
}

/// A parent with a counter and a `Bare` child that never changes.
private struct BareHolder: Workflow {
    struct Rendering {
        var count: Int
        var bare: Bare.Rendering
        var increment: () -> Void
    }

    func makeInitialState() -> Int { 0 }

    func render(state: Int, context: RenderContext<BareHolder>) -> Rendering {
        let bare = Bare().rendered(in: context, key: "bare")
        let sink = context.makeStateMutationSink()
        return Rendering(count: state, bare: bare, increment: { sink.send { $0 += 1 } })
    }
}

@MainActor
@Suite("Sinks")
struct SinksTests {
    @Test("R16: a send on an idle host finishes its cascade and render pass before send returns", arguments: RuntimeKind.allCases)
    func sendIsSynchronous(kind: RuntimeKind) {
        let log = EventLog.begin()
        let host = TestHost(kind, Node("R", [Node("A")]))
        let observation = host.observeRenderings { record("observed \($0.text)") }
        log.clear()
        record("before send")
        host.rendering.send(.increment, to: "A")
        record("after send: \(host.rendering.text)")
        #expect(log.entries.filter { !$0.hasSuffix(" render") && !$0.contains(" change ") }
            == ["before send", "observed R:0(A:1)", "after send: R:0(A:1)"])
        withExtendedLifetime(observation) {}
    }

    @Test("R13: a sink from an earlier pass keeps working and applies to the current state", arguments: RuntimeKind.allCases)
    func oldSinkKeepsWorking(kind: RuntimeKind) {
        _ = EventLog.begin()
        let host = TestHost(kind, Declarer())
        let first = host.rendering.countSink
        first?.send(CountAction(amount: 1))
        first?.send(CountAction(amount: 10))
        first?.send(CountAction(amount: 100))
        #expect(host.rendering.count == 111)
        host.rendering.countSink?.send(CountAction(amount: 1000))
        first?.send(CountAction(amount: 5))
        #expect(host.rendering.count == 1116)
    }

    @Test("R13: two sinks of one action type made in one pass are the same live sink", arguments: RuntimeKind.allCases)
    func twoSinksOneType(kind: RuntimeKind) {
        _ = EventLog.begin()
        let host = TestHost(kind, TwoSinks())
        let (first, second) = (host.rendering.first, host.rendering.second)
        first.send(CountTwice(amount: 1))
        second.send(CountTwice(amount: 10))
        #expect(host.rendering.count == 11)
        host.rendering.second.send(CountTwice(amount: 100))
        first.send(CountTwice(amount: 1000))
        #expect(host.rendering.count == 1111)
    }

    @Test("R13: once its action type is not declared, an old sink is a silent no-op and stays dead when the type comes back", arguments: RuntimeKind.allCases)
    func undeclaredTypeKillsSink(kind: RuntimeKind) throws {
        let log = EventLog.begin()
        let observer = RecordingObserver(log: log)
        let debugger = RecordingDebugger(log: log)
        let host = TestHost(kind, Declarer(), observers: [observer], debugger: debugger)
        host.recordRenderings()
        let old = try #require(host.rendering.countSink)
        old.send(CountAction(amount: 1))
        #expect(host.rendering.count == 1)

        host.rendering.toggle.send(ToggleDeclaring())
        #expect(host.rendering.countSink == nil)
        let renderingsBefore = host.publishedRenderings.count
        log.clear()
        old.send(CountAction(amount: 10))
        #expect(log.entries.isEmpty)
        #expect(host.publishedRenderings.count == renderingsBefore)
        #expect(host.rendering.count == 1)

        host.rendering.toggle.send(ToggleDeclaring())
        let renewed = try #require(host.rendering.countSink)
        log.clear()
        old.send(CountAction(amount: 100))
        #expect(log.entries.isEmpty)
        #expect(host.rendering.count == 1)
        renewed.send(CountAction(amount: 2))
        #expect(host.rendering.count == 3)
    }

    @Test("R13: the sinks of a removed node are no-ops, and stay dead when the pair comes back", arguments: RuntimeKind.allCases)
    func removedNodeSinksAreDead(kind: RuntimeKind) throws {
        let log = EventLog.begin()
        let observer = RecordingObserver(log: log)
        let host = TestHost(kind, Node("R", [Node("A")]), observers: [observer])
        let oldA = try #require(host.rendering.sinks["A"])
        oldA.send(.increment)
        #expect(host.rendering.text == "R:0(A:1)")

        host.update(workflow: Node("R"))
        log.clear()
        oldA.send(.increment)
        #expect(log.entries.isEmpty)

        host.update(workflow: Node("R", [Node("A")]))
        #expect(host.rendering.text == "R:0(A:0)")
        log.clear()
        oldA.send(.increment)
        #expect(log.entries.isEmpty)
        #expect(host.rendering.text == "R:0(A:0)")
        host.rendering.send(.increment, to: "A")
        #expect(host.rendering.text == "R:0(A:1)")
    }

    @Test("R14: makeOutputSink, makeStateMutationSink and makeSink(of:onEvent:) are views of one AnyWorkflowAction sink", arguments: RuntimeKind.allCases)
    func sharedAnyWorkflowActionSink(kind: RuntimeKind) throws {
        _ = EventLog.begin()
        let host = TestHost(kind, SharedSinks())
        host.recordOutputs()
        let output = try #require(host.rendering.output)
        output.send("a")

        host.rendering.setMode.send(SetMode(mode: 1))
        output.send("b")
        let mutation = try #require(host.rendering.mutation)
        mutation.send(\.count, value: 5)
        #expect(host.rendering.count == 5)

        host.rendering.setMode.send(SetMode(mode: 2))
        output.send("c")
        mutation.send { $0.count *= 2 }
        #expect(host.rendering.count == 10)
        let events = try #require(host.rendering.events)
        events.send(3)
        #expect(host.rendering.count == 13)
        #expect(host.publishedOutputs == ["a", "b", "c", "added 3"])

        // Mode 3 declares no AnyWorkflowAction sink: every view of it dies.
        host.rendering.setMode.send(SetMode(mode: 3))
        output.send("d")
        mutation.send(\.count, value: 0)
        events.send(1)
        #expect(host.rendering.count == 13)
        #expect(host.publishedOutputs == ["a", "b", "c", "added 3"])

        host.rendering.setMode.send(SetMode(mode: 0))
        output.send("e")
        #expect(host.publishedOutputs == ["a", "b", "c", "added 3"])
        try #require(host.rendering.output).send("f")
        #expect(host.publishedOutputs == ["a", "b", "c", "added 3", "f"])
    }

    @Test("R13, R16: closure sinks and contraMap, on plain and runtime sinks", arguments: RuntimeKind.allCases)
    func contraMap(kind: RuntimeKind) throws {
        let log = EventLog.begin()
        let plain = Sink<Int> { record("got \($0)") }
        plain.send(1)
        plain.contraMap { (text: String) in text.count }.send("abcd")
        #expect(log.entries == ["got 1", "got 4"])

        let host = TestHost(kind, Node("R"))
        let sink = try #require(host.rendering.sinks["R"])
        let setter = sink.contraMap { (value: Int) in NodeAction.setCount(value * 2) }
        setter.send(21)
        #expect(host.rendering.text == "R:42")
        setter.send(1)
        #expect(host.rendering.text == "R:2")
    }

    @Test("R13, S2: the sinks in a skipped child's cached rendering keep working", arguments: RuntimeKind.allCases)
    func skippedChildSinksWork(kind: RuntimeKind) {
        let log = EventLog.begin()
        let host = TestHost(kind, BareHolder())
        let bare = host.rendering.bare
        host.rendering.increment()
        host.rendering.increment()
        #expect(host.rendering.count == 2)
        #expect(host.rendering.bare.text == "bare:0")

        bare.increment()
        #expect(host.rendering.bare.text == "bare:1")
        host.rendering.bare.increment()
        #expect(host.rendering.bare.text == "bare:2")
        #expect(host.rendering.count == 2)
        // S2: Bare has no stored properties; the fast runtime renders it only
        // when it starts and when its own state changed.
        #expect(log.count("Bare render") == (kind.skipsRenders ? 3 : 5))
    }

    @Test("R10, R13: after the host is released its sinks are silent no-ops", arguments: RuntimeKind.allCases)
    func sinksDieWithHost(kind: RuntimeKind) throws {
        let log = EventLog.begin()
        let observer = RecordingObserver(log: log)
        let debugger = RecordingDebugger(log: log)
        let host = TestHost(kind, Node("R", [Node("A")]), observers: [observer], debugger: debugger)
        let sinks = host.rendering.sinks
        host.release()
        #expect(log.entries(withPrefix: "end ") == ["end Node A", "end Node"])
        log.clear()
        try #require(sinks["A"]).send(.incrementAndEmit("x"))
        try #require(sinks["R"]).send(.increment)
        #expect(log.entries.isEmpty)
        #expect(debugger.updates.isEmpty)
    }
}
