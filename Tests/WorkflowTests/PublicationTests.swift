import Testing
@_spi(WorkflowRuntimeConfig) import Workflow
@_spi(WorkflowRuntimeConfig) import WorkflowHostHarness

// What the host publishes to its rendering observers and streams after a
// cascade (S3): one rendering per cascade, even when render skipping called
// no `render`, and none for an unchanged cascade with renderOnlyIfStateChanged.

/// The observer's "render ..." entries: `workflowWillRender` calls.
private func renderHooks(in log: EventLog) -> [String] {
    log.entries.filter { $0.hasPrefix("render ") }
}

@MainActor
@Suite("Publication")
struct PublicationTests {
    @Test("S3: a no-op action publishes the unchanged rendering once; the fast runtime calls no render and no render hook", arguments: RuntimeKind.allCases)
    func noopPublishesUnchanged(kind: RuntimeKind) {
        let log = EventLog.begin()
        let observer = RecordingObserver(log: log)
        let host = TestHost(kind, Node("R", [Node("A"), Node("B")]), observers: [observer])
        host.recordRenderings()
        log.clear()
        host.rendering.send(.noop, to: "A")
        #expect(host.publishedRenderings.map(\.text) == ["R:0(A:0,B:0)"])
        #expect(host.rendering.text == "R:0(A:0,B:0)")
        if kind.skipsRenders {
            #expect(renders(in: log).isEmpty)
            #expect(renderHooks(in: log).isEmpty)
        } else {
            #expect(renderedNames(in: log) == ["R", "A", "B"])
            #expect(renderHooks(in: log).count == 3)
        }
    }

    @Test("S3: a send that sets a state to the value it had publishes the unchanged rendering, with working sinks", arguments: RuntimeKind.allCases)
    func sameValuePublishesUnchanged(kind: RuntimeKind) throws {
        let log = EventLog.begin()
        let host = TestHost(kind, Node("R", [Node("A")]))
        host.recordRenderings()
        host.rendering.send(.setCount(3), to: "A")
        log.clear()
        host.rendering.send(.setCount(3), to: "A")
        #expect(host.publishedRenderings.map(\.text) == ["R:0(A:3)", "R:0(A:3)"])
        #expect(renders(in: log).isEmpty == kind.skipsRenders)
        // The published value's sinks are live: they drive the next cascade.
        let republished = try #require(host.publishedRenderings.dropFirst().first)
        republished.send(.increment, to: "A")
        #expect(host.publishedRenderings.map(\.text).last == "R:0(A:4)")
    }

    @Test("S3: the renderings stream receives the unchanged rendering of a no-op cascade", arguments: RuntimeKind.allCases)
    func noopReachesStream(kind: RuntimeKind) async throws {
        _ = EventLog.begin()
        let host = TestHost(kind, Node("R"))
        host.recordRenderings()
        var renderings = host.renderings.makeAsyncIterator()
        #expect(await renderings.next()?.text == "R:0")
        host.rendering.send(.noop, to: "R")
        // Published, so the stream has it: the await below cannot hang.
        try #require(host.publishedRenderings.count == 1)
        #expect(await renderings.next()?.text == "R:0")
        host.rendering.send(.increment, to: "R")
        #expect(await renderings.next()?.text == "R:1")
    }

    @Test("S3: with renderOnlyIfStateChanged a no-op cascade publishes nothing, to observers or streams", arguments: RuntimeKind.allCases)
    func noopPublishesNothingWithRenderOnlyIfStateChanged(kind: RuntimeKind) async {
        let log = EventLog.begin()
        let host = TestHost(kind, Node("R", [Node("A")])) { $0.renderOnlyIfStateChanged = true }
        host.recordRenderings()
        // A reader already waiting past the current rendering gets the
        // first value published after it.
        let reader = WaitingReader(host.renderings)
        await reader.waitUntilPastFirst()
        log.clear()
        host.rendering.send(.noop, to: "A")
        host.rendering.send(.setCount(0), to: "R")
        #expect(host.publishedRenderings.isEmpty)
        #expect(renders(in: log).isEmpty)
        host.rendering.send(.increment, to: "A")
        // The no-ops put nothing in the stream: its next value is the change.
        #expect(await reader.second()?.text == "R:0(A:1)")
        #expect(host.publishedRenderings.map(\.text) == ["R:0(A:1)"])
    }

    @Test("S3: a state-changing action publishes the new rendering, once", arguments: RuntimeKind.allCases)
    func changePublishesNewRendering(kind: RuntimeKind) {
        let log = EventLog.begin()
        let host = TestHost(kind, Node("R", [Node("A"), Node("B")]))
        host.recordRenderings()
        log.clear()
        host.rendering.send(.increment, to: "B")
        #expect(host.publishedRenderings.map(\.text) == ["R:0(A:0,B:1)"])
        #expect(host.rendering.text == "R:0(A:0,B:1)")
        #expect(renderedNames(in: log) == (kind.skipsRenders ? ["R", "B"] : ["R", "A", "B"]))
    }

    @Test("S3, R18: every cascade publishes exactly one rendering, whether it changed a state, only emitted, climbed or did nothing", arguments: RuntimeKind.allCases)
    func onePublicationPerCascade(kind: RuntimeKind) {
        _ = EventLog.begin()
        let host = TestHost(kind, Node("R", [Node("A", [Node("A1")]), Node("B")]))
        host.recordRenderings()
        host.recordOutputs()
        let steps: [(NodeAction, String)] = [
            (.noop, "A1"),
            (.incrementAndEmit("x"), "A1"),  // changes A1, then A and R through outputs
            (.emit("y"), "B"),                // no state change in B, but R hears it
            (.emit("z"), "R"),                // an output of the root only
            (.setCount(1), "A1"),             // the value it already had
            (.increment, "B"),
        ]
        var counts: [Int] = []
        for (action, name) in steps {
            let before = host.publishedRenderings.count
            host.rendering.send(action, to: name)
            counts.append(host.publishedRenderings.count - before)
            #expect(host.publishedRenderings.last?.text == host.rendering.text)
        }
        #expect(counts == [1, 1, 1, 1, 1, 1])
        #expect(host.publishedRenderings.map(\.text) == [
            "R:0(A:0(A1:0),B:0)",
            "R:0[A/x](A:0[x](A1:1),B:0)",
            "R:0[A/x,y](A:0[x](A1:1),B:0)",
            "R:0[A/x,y](A:0[x](A1:1),B:0)",
            "R:0[A/x,y](A:0[x](A1:1),B:0)",
            "R:0[A/x,y](A:0[x](A1:1),B:1)",
        ])
        #expect(host.publishedOutputs == ["R/A/x", "R/y", "z"])
    }

    @Test("S3, R15: sends queued from an output observer are cascades of their own, each publishing once", arguments: RuntimeKind.allCases)
    func queuedCascadesPublishOnceEach(kind: RuntimeKind) {
        _ = EventLog.begin()
        let host = TestHost(kind, Node("R", [Node("A")]))
        host.recordRenderings()
        let sinkA = host.rendering.sinks["A"]!
        let reaction = host.observeOutputs { _ in
            sinkA.send(.noop)
            sinkA.send(.increment)
        }
        host.rendering.send(.emit("go"), to: "R")
        #expect(host.publishedRenderings.map(\.text) == ["R:0(A:0)", "R:0(A:0)", "R:0(A:1)"])
        withExtendedLifetime(reaction) {}
    }
}
