import Testing
import Workflow
import WorkflowHostHarness

// The host's streams (R25): `renderings` (the current rendering, then the
// newest only) and `outputs` (every output, in order, no replay).

@MainActor
@Suite("Host streams")
struct HostStreamTests {
    @Test("R25: a slow renderings consumer reads only the newest rendering; a slow outputs consumer reads every output, in order", arguments: RuntimeKind.allCases)
    func slowConsumer(kind: RuntimeKind) async {
        _ = EventLog.begin()
        let host = TestHost(kind, Node("R"))
        var renderings = host.renderings.makeAsyncIterator()
        var outputs = host.outputs.makeAsyncIterator()
        for text in ["one", "two", "three"] {
            host.rendering.send(.incrementAndEmit(text), to: "R")
        }
        #expect(await renderings.next()?.text == "R:3")
        #expect(await outputs.next() == "one")
        #expect(await outputs.next() == "two")
        #expect(await outputs.next() == "three")
        host.rendering.send(.incrementAndEmit("four"), to: "R")
        #expect(await renderings.next()?.text == "R:4")
        #expect(await outputs.next() == "four")
    }

    @Test("R25: a late consumer's renderings start with the current rendering, its outputs with the next output", arguments: RuntimeKind.allCases)
    func lateConsumer(kind: RuntimeKind) async {
        _ = EventLog.begin()
        let host = TestHost(kind, Node("R"))
        host.rendering.send(.incrementAndEmit("early"), to: "R")
        host.update(workflow: Node("R", props: 2))
        var renderings = host.renderings.makeAsyncIterator()
        var outputs = host.outputs.makeAsyncIterator()
        #expect(await renderings.next()?.text == "R:1p2")
        host.rendering.send(.emit("late"), to: "R")
        #expect(await renderings.next()?.text == "R:1p2")
        #expect(await outputs.next() == "late")
    }

    @Test("R25: every access is a new, independent stream", arguments: RuntimeKind.allCases)
    func independentStreams(kind: RuntimeKind) async {
        _ = EventLog.begin()
        let host = TestHost(kind, Node("R"))
        var first = host.renderings.makeAsyncIterator()
        var firstOutputs = host.outputs.makeAsyncIterator()
        #expect(await first.next()?.text == "R:0")
        host.rendering.send(.incrementAndEmit("one"), to: "R")
        var second = host.renderings.makeAsyncIterator()
        var secondOutputs = host.outputs.makeAsyncIterator()
        host.rendering.send(.incrementAndEmit("two"), to: "R")
        #expect(await second.next()?.text == "R:2")
        #expect(await first.next()?.text == "R:2")
        #expect(await firstOutputs.next() == "one")
        #expect(await firstOutputs.next() == "two")
        #expect(await secondOutputs.next() == "two")
    }

    @Test("R10, R25: both streams finish when the host goes away, after what they hold", arguments: RuntimeKind.allCases)
    func finishWithTheHost(kind: RuntimeKind) async {
        _ = EventLog.begin()
        let host = TestHost(kind, Node("R"))
        var renderings = host.renderings.makeAsyncIterator()
        var outputs = host.outputs.makeAsyncIterator()
        host.rendering.send(.incrementAndEmit("last"), to: "R")
        host.release()
        #expect(await renderings.next()?.text == "R:1")
        #expect(await renderings.next() == nil)
        #expect(await outputs.next() == "last")
        #expect(await outputs.next() == nil)
    }
}
