import Testing
import Workflow
import WorkflowHostHarness

// Regressions: a host released by its own observer in the
// middle of a cascade (R10), and keys that are equal as Strings but spelled
// with different bytes (R1).

/// Sends its count as output on every `Ping`.
private struct Pinger: Workflow {
    typealias State = Int
    typealias Output = Int

    func makeInitialState() -> Int { 0 }

    func render(state: Int, context: RenderContext<Pinger>) -> Sink<Ping> {
        context.makeSink(of: Ping.self)
    }
}

private struct Ping: WorkflowAction {
    typealias WorkflowType = Pinger

    func apply(toState state: inout Int, context: ApplyContext<Pinger>) -> Int? {
        state += 1
        return state
    }
}

/// One `Named` child per key, in order.
private struct KeyedParent: Workflow {
    var keys: [String]
    typealias State = Void

    func render(state: Void, context: RenderContext<KeyedParent>) -> [String] {
        keys.map { Named(name: $0).rendered(in: context, key: $0) }
    }
}

/// Logs its start (with the key it started under) and its end.
private struct Named: Workflow {
    var name: String
    typealias State = String

    func makeInitialState() -> String {
        record("start \(name.unicodeScalars.map { String($0.value, radix: 16) })")
        return name
    }

    func render(state: String, context: RenderContext<Named>) -> String {
        context.runSideEffect(key: "life") { lifetime in
            lifetime.onEnded { record("end \(state.unicodeScalars.map { String($0.value, radix: 16) })") }
        }
        return state
    }
}

@MainActor
@Suite("Host released mid-cascade, byte-different equal keys")
struct ReentrancyAndKeyRegressionTests {
    @Test("R10: a host released by its output observer during a cascade ends cleanly", arguments: RuntimeKind.allCases)
    func hostReleasedByItsObserver(kind: RuntimeKind) {
        var host: TestHost<Pinger>? = TestHost(kind, Pinger())
        var outputs: [Int] = []
        let sink = host!.rendering
        let observation = host!.observeOutputs { output in
            outputs.append(output)
            host?.release()
            host = nil
        }
        sink.send(Ping())
        sink.send(Ping())  // the host is gone: a silent no-op
        #expect(outputs == [1])
        #expect(host == nil)
        _ = observation
    }

    @Test("R1: keys equal as Strings but spelled with other bytes name the same child", arguments: RuntimeKind.allCases)
    func canonicallyEquivalentKeys(kind: RuntimeKind) {
        let log = EventLog.begin()
        let composed = "\u{E9}"          // é as one scalar
        let decomposed = "e\u{301}"      // e + combining acute accent
        #expect(composed == decomposed)
        let host = TestHost(kind, KeyedParent(keys: ["a", composed]))
        host.update(workflow: KeyedParent(keys: [decomposed]))
        #expect(host.rendering == [composed])
        #expect(log.entries == ["start [\"61\"]", "start [\"e9\"]", "end [\"61\"]"])
        host.update(workflow: KeyedParent(keys: ["K", "\u{212A}"].suffix(1)))  // Kelvin sign == "K"
        host.update(workflow: KeyedParent(keys: ["K"]))
        // R9: the replacement starts during the render, the old child ends after it.
        #expect(log.entries.suffix(2) == ["start [\"212a\"]", "end [\"e9\"]"])
    }
}
