import Testing
@_spi(WorkflowRuntimeConfig) import Workflow
@_spi(WorkflowRuntimeConfig) import WorkflowHostHarness

/// A list whose state holds references (an array and a class): Equatable,
/// but not a bit copy. Each action records whether it found its state held
/// only by its node, that is, whether the runtime kept no copy beside it.
private struct Tally: Workflow {
    final class Marker {}

    struct State: Equatable {
        var items: [Int] = []
        var marker = Marker()

        static func == (lhs: State, rhs: State) -> Bool { lhs.items == rhs.items && lhs.marker === rhs.marker }
    }

    enum Action: WorkflowAction {
        typealias WorkflowType = Tally
        case append(Int)
        case noop

        func apply(toState state: inout State, context: ApplyContext<Tally>) -> Never? {
            Tally.heldOnlyByNode.append(isKnownUniquelyReferenced(&state.marker))
            if case let .append(value) = self { state.items.append(value) }
            return nil
        }
    }

    nonisolated(unsafe) static var heldOnlyByNode: [Bool] = []

    func makeInitialState() -> State { State() }

    func render(state: State, context: RenderContext<Tally>) -> (text: String, sink: Sink<Action>) {
        record("Tally render")
        return ("\(state.items)", context.makeSink(of: Action.self))
    }
}

@MainActor
@Suite("State change")
struct StateChangeTests {
    @Test("R17: an action mutates its node's state in place: the runtime keeps no copy beside it", arguments: RuntimeKind.allCases)
    func actionMutatesInPlace(kind: RuntimeKind) {
        Tally.heldOnlyByNode = []
        let host = TestHost(kind, Tally())
        host.rendering.sink.send(.append(1))
        host.rendering.sink.send(.append(2))
        host.rendering.sink.send(.noop)
        #expect(host.rendering.text == "[1, 2]")
        #expect(Tally.heldOnlyByNode == [true, true, true])
    }

    @Test("S1: a state holding references counts as changed by every action: the fast runtime renders its node again", arguments: RuntimeKind.allCases)
    func referenceHoldingStateAlwaysChanges(kind: RuntimeKind) {
        let log = EventLog.begin()
        let host = TestHost(kind, Tally())
        host.recordRenderings()
        log.clear()
        host.rendering.sink.send(.noop)
        #expect(log.count("Tally render") == 1)
        #expect(host.publishedRenderings.map(\.text) == ["[]"])
    }

    @Test("S1: with renderOnlyIfStateChanged every Equatable state is compared, at the cost of a copy beside the action", arguments: RuntimeKind.allCases)
    func renderOnlyIfStateChangedComparesEveryState(kind: RuntimeKind) {
        let log = EventLog.begin()
        Tally.heldOnlyByNode = []
        let host = TestHost(kind, Tally()) { $0.renderOnlyIfStateChanged = true }
        host.recordRenderings()
        log.clear()
        host.rendering.sink.send(.noop)
        #expect(log.count("Tally render") == 0)
        #expect(host.publishedRenderings.isEmpty)
        host.rendering.sink.send(.append(5))
        #expect(log.count("Tally render") == 1)
        #expect(host.publishedRenderings.map(\.text) == ["[5]"])
        #expect(Tally.heldOnlyByNode == [false, false])
    }
}
