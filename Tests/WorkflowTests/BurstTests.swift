import Dispatch
import Testing
@_spi(WorkflowRuntimeConfig) import Workflow
@_spi(WorkflowRuntimeConfig) import WorkflowHostHarness

// Bursts rendered once (B1-B4), opt in: the sends waiting behind a cascade
// and workers' sends of one turn of the main queue apply together and render
// once; off, every send is its own cascade (R18).

/// Shows a `Node("T")` child only while its state is 1, so that two bumps
/// in one burst pass over the only rendering that would have had it (B3).
/// `poke` changes nothing and outputs "poked".
private struct Blinker: Workflow {
    typealias Output = String

    struct Rendering {
        var text: String
        var bump: Sink<Void>
        var poke: Sink<Void>
    }

    func makeInitialState() -> Int { 0 }

    func render(state: Int, context: RenderContext<Blinker>) -> Rendering {
        record("Blinker render")
        let child = state == 1
            ? Node("T").rendered(in: context, key: "t", outputMap: { _ in AnyWorkflowAction<Blinker>.noAction }).text
            : "-"
        let sink = context.makeSink(of: AnyWorkflowAction<Blinker>.self)
        return Rendering(
            text: "\(state) \(child)",
            bump: Sink { _ in sink.send(AnyWorkflowAction { $0 += 1; return nil }) },
            poke: Sink { _ in sink.send(AnyWorkflowAction { _ in "poked" }) }
        )
    }
}

/// Lets the main queue run the blocks it holds now: a worker's burst
/// flushes at the end of the turn that made its sends.
@MainActor
private func endOfTurn() async {
    await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
        DispatchQueue.main.async { done.resume() }
    }
}

@MainActor
private func burstHost<W: Workflow>(_ kind: RuntimeKind, _ workflow: W, on: Bool = true) -> TestHost<W> {
    TestHost(kind, workflow, configure: { $0.conflateStaleRenderings = on })
}

@MainActor
@Suite("Bursts rendered once")
struct BurstTests {
    @Test("B1: sends queued behind a cascade apply in order and render once; off, each renders (R18)", arguments: RuntimeKind.allCases)
    func queuedSendsRenderOnce(kind: RuntimeKind) {
        for on in [true, false] {
            _ = EventLog.begin()
            let host = burstHost(kind, Node("R", [Node("A"), Node("B")]), on: on)
            host.recordRenderings()
            let outputs = host.observeOutputs { [unowned host] _ in
                host.rendering.send(.increment, to: "A")
                host.rendering.send(.increment, to: "B")
                host.rendering.send(.setCount(5), to: "A")
            }
            host.rendering.send(.emit("go"), to: "R")
            #expect(host.rendering.text == "R:0(A:5,B:1)")
            if on {
                #expect(host.publishedRenderings.map(\.text) == ["R:0(A:0,B:0)", "R:0(A:5,B:1)"])
            } else {
                #expect(host.publishedRenderings.map(\.text) == [
                    "R:0(A:0,B:0)", "R:0(A:1,B:0)", "R:0(A:1,B:1)", "R:0(A:5,B:1)",
                ])
            }
            withExtendedLifetime(outputs) {}
        }
    }

    @Test("B1: workers' sends of one turn of the main queue wait for its end, then apply in order and render once", arguments: RuntimeKind.allCases)
    func workerSendsRenderOnce(kind: RuntimeKind) async {
        _ = EventLog.begin()
        let host = burstHost(kind, Node("R", [Node("A"), Node("B")]))
        host.recordRenderings()
        let sinks = host.rendering.sinks
        sinks["A"]!.sendFromWorker(.increment)
        sinks["B"]!.sendFromWorker(.setCount(3))
        sinks["A"]!.sendFromWorker(.setCount(7))
        #expect(host.rendering.text == "R:0(A:0,B:0)")
        await endOfTurn()
        #expect(host.rendering.text == "R:0(A:7,B:3)")
        #expect(host.publishedRenderings.map(\.text) == ["R:0(A:7,B:3)"])
    }

    @Test("B1: what a worker's send sets off (here its output observer's send) applies before the next worker's send, as off", arguments: RuntimeKind.allCases)
    func workerSendsFollowersFirst(kind: RuntimeKind) async {
        for on in [true, false] {
            _ = EventLog.begin()
            let host = burstHost(kind, Node("R", [Node("A")]), on: on)
            host.recordRenderings()
            var sent = false
            let outputs = host.observeOutputs { [unowned host] _ in
                guard !sent else { return }
                sent = true
                host.rendering.send(.setCount(10), to: "A")
            }
            host.rendering.sinks["R"]!.sendFromWorker(.emit("go"))
            host.rendering.sinks["A"]!.sendFromWorker(.increment)
            await endOfTurn()
            #expect(host.rendering.text == "R:0(A:11)")
            #expect(host.publishedRenderings.map(\.text)
                == (on ? ["R:0(A:0)", "R:0(A:11)"] : ["R:0(A:0)", "R:0(A:10)", "R:0(A:11)"]))
            withExtendedLifetime(outputs) {}
        }
    }

    @Test("B1: off, a worker's send is any send: handled at once, rendered on its own", arguments: RuntimeKind.allCases)
    func workerSendsWithBurstsOff(kind: RuntimeKind) {
        _ = EventLog.begin()
        let host = burstHost(kind, Node("R", [Node("A")]), on: false)
        host.recordRenderings()
        host.rendering.sinks["A"]!.sendFromWorker(.increment)
        host.rendering.sinks["A"]!.sendFromWorker(.increment)
        #expect(host.publishedRenderings.map(\.text) == ["R:0(A:1)", "R:0(A:2)"])
    }

    @Test("B1, R16: a send from the main queue while workers' sends wait is handled before send returns, after them", arguments: RuntimeKind.allCases)
    func tapJoinsWaitingWorkerSends(kind: RuntimeKind) async {
        _ = EventLog.begin()
        let host = burstHost(kind, Node("R", [Node("A")]))
        host.recordRenderings()
        host.rendering.sinks["A"]!.sendFromWorker(.setCount(4))
        host.rendering.send(.increment, to: "A")
        #expect(host.rendering.text == "R:0(A:5)")
        #expect(host.publishedRenderings.map(\.text) == ["R:0(A:5)"])
        await endOfTurn()
        #expect(host.publishedRenderings.map(\.text) == ["R:0(A:5)"])
    }

    @Test("B2: an output that leaves the root ends the burst: it reaches the observers after the rendering its action made", arguments: RuntimeKind.allCases)
    func rootOutputEndsBurst(kind: RuntimeKind) {
        let log = EventLog.begin()
        let host = burstHost(kind, Node("R", [Node("A"), Node("B")]))
        host.recordRenderings()
        var sent = false
        let outputs = host.observeOutputs { [unowned host] output in
            record("output \(output) while host shows \(host.rendering.text)")
            guard !sent else { return }
            sent = true
            host.rendering.send(.increment, to: "A")
            host.rendering.send(.incrementAndEmit("x"), to: "B")
            host.rendering.send(.increment, to: "A")
        }
        log.clear()
        host.rendering.send(.emit("go"), to: "R")
        #expect(log.entries.filter { $0.hasPrefix("output ") } == [
            "output go while host shows R:0(A:0,B:0)",
            "output R/x while host shows R:0[x](A:1,B:1)",
        ])
        #expect(host.publishedRenderings.map(\.text) == ["R:0(A:0,B:0)", "R:0[x](A:1,B:1)", "R:0[x](A:2,B:1)"])
        withExtendedLifetime(outputs) {}
    }

    @Test("B3: a child that only an intermediate rendering would have had never starts; off, it starts and ends", arguments: RuntimeKind.allCases)
    func intermediateChildNeverStarts(kind: RuntimeKind) {
        for on in [true, false] {
            let log = EventLog.begin()
            let host = burstHost(kind, Blinker(), on: on)
            let outputs = host.observeOutputs { [unowned host] _ in
                host.rendering.bump.send(())
                host.rendering.bump.send(())
            }
            host.rendering.poke.send(())
            #expect(host.rendering.text == "2 -")
            #expect(log.entries.filter { $0 == "T init" }.count == (on ? 0 : 1))
            // The first render, the poke's unless skipped (S3), then one
            // render per burst: one on, two off.
            let pokeRenders = kind == .fast ? 0 : 1
            #expect(renders(in: log).filter { $0 == "Blinker render" }.count == 1 + pokeRenders + (on ? 1 : 2))
            withExtendedLifetime(outputs) {}
        }
    }

    @Test("B1: an update never joins a burst: the sends before it render, then it renders, then the sends after it (R19)", arguments: RuntimeKind.allCases)
    func updateEndsBurst(kind: RuntimeKind) {
        _ = EventLog.begin()
        let host = burstHost(kind, Node("R", [Node("A")]))
        host.recordRenderings()
        var sent = false
        let outputs = host.observeOutputs { [unowned host] _ in
            guard !sent else { return }
            sent = true
            host.rendering.send(.increment, to: "A")
            host.rendering.send(.increment, to: "A")
            host.update(workflow: Node("R", props: 1, [Node("A")]))
            host.rendering.send(.increment, to: "A")
        }
        host.rendering.send(.emit("go"), to: "R")
        #expect(host.publishedRenderings.map(\.text) == ["R:0(A:0)", "R:0(A:2)", "R:0p1(A:2)", "R:0p1(A:3)"])
        withExtendedLifetime(outputs) {}
    }
}
