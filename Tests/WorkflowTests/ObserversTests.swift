import Testing
import Workflow
import WorkflowHostHarness

// WorkflowObserver hooks (R20): their order around starting, rendering,
// changing, receiving and applying, ending; chaining of several observers;
// sessions.

@MainActor
@Suite("Observers")
struct ObserversTests {
    @Test("R20: starting a tree: begin, initial state, willRender, children, then completions children first", arguments: RuntimeKind.allCases)
    func initialHooks(kind: RuntimeKind) {
        let log = EventLog.begin()
        let observer = RecordingObserver(log: log)
        let host = TestHost(kind, Node("R", [Node("A")]), observers: [observer])
        #expect(host.rendering.text == "R:0(A:0)")
        #expect(log.entries == [
            "begin Node",
            "R init",
            "initialState Node count=0",
            "render Node",
            "R render",
            "begin Node A",
            "A init",
            "initialState Node A count=0",
            "render Node A",
            "A render",
            "rendered Node A",
            "rendered Node",
        ])
    }

    @Test("R20: receive only at the node that got the action; willApply and its completion at each node the output reaches", arguments: RuntimeKind.allCases)
    func actionHooks(kind: RuntimeKind) {
        let log = EventLog.begin()
        let observer = RecordingObserver(log: log)
        let host = TestHost(kind, Node("R", [Node("A", [Node("A1")])]), observers: [observer])
        log.clear()
        host.rendering.send(.emit("x"), to: "A1")
        let applying = Array(log.entries.prefix(7))
        #expect(applying == [
            "receive Node A1",
            "willApply Node A1 count=0",
            "applied Node A1 count=0 -> x",
            "willApply Node A count=0",
            "applied Node A count=0 heard=x -> A/x",
            "willApply Node count=0",
            "applied Node count=0 heard=A/x -> R/A/x",
        ])
        #expect(log.entries.filter { $0.hasPrefix("receive") }.count == 1)
        let rendering = log.entries.dropFirst(7).filter { $0.hasPrefix("render ") || $0.hasPrefix("rendered ") }
        if kind.skipsRenders {
            // S2: A1's state did not change: it is skipped, with its hooks.
            #expect(rendering == ["render Node", "render Node A", "rendered Node A", "rendered Node"])
        } else {
            #expect(rendering == [
                "render Node", "render Node A", "render Node A1", "rendered Node A1", "rendered Node A", "rendered Node",
            ])
        }
        #expect(observer.actions.count == 1)
        #expect(observer.actions.first.map { "\($0)" } == "emit(x)")
    }

    @Test("R20, R7: workflowDidChange reports the old and new values and the state after the change, before willRender", arguments: RuntimeKind.allCases)
    func didChangeHook(kind: RuntimeKind) {
        let log = EventLog.begin()
        let observer = RecordingObserver(log: log)
        let host = TestHost(kind, Node("R", [Node("A"), Node("B")]), observers: [observer])
        host.rendering.send(.increment, to: "B")
        let changesBefore = observer.changes.count
        log.clear()
        host.update(workflow: Node("R", [Node("A"), Node("B", props: 7)]))
        let bEntries = log.entries.filter { $0.hasSuffix("Node B") || $0.contains("Node B ") || $0.hasPrefix("B ") }
        #expect(bEntries == ["B change 0->7", "didChange Node B count=1", "render Node B", "B render", "rendered Node B"])
        let pairs = observer.changes.dropFirst(changesBefore).compactMap { pair -> String? in
            guard let old = pair.old as? Node, let new = pair.new as? Node, old.name == "B" else { return nil }
            return "\(old.props)->\(new.props)"
        }
        #expect(pairs == ["0->7"])
        // The root's change comes first (R19), then the children's (R7).
        #expect(log.entries.first == "R change 0->0")
        #expect(log.entries.dropFirst().first == "didChange Node count=0")
    }

    @Test("R20, R24: the root's render completion still reads the host's previous rendering; the host has the new one once the render is over", arguments: RuntimeKind.allCases)
    func rootCompletionReadsPreviousRendering(kind: RuntimeKind) {
        _ = EventLog.begin()
        let reader = RootCompletionReader()
        let host = TestHost(kind, Node("R", [Node("A")]), observers: [reader])
        // Weak: the host holds the reader, which would otherwise hold the host.
        reader.read = { [weak host] in MainActor.assumeIsolated { host?.rendering.text ?? "no host" } }
        host.rendering.send(.increment, to: "R")
        #expect(reader.seen == ["R:0(A:0)"])
        #expect(host.rendering.text == "R:1(A:0)")
        host.rendering.send(.increment, to: "A")
        #expect(reader.seen == ["R:0(A:0)", "R:1(A:0)"])
        #expect(host.rendering.text == "R:1(A:1)")
    }

    @Test("R20: several observers are called in order, their completions in reverse order", arguments: RuntimeKind.allCases)
    func chainedObservers(kind: RuntimeKind) {
        let log = EventLog.begin()
        let first = RecordingObserver(log: log, prefix: "1:")
        let second = RecordingObserver(log: log, prefix: "2:")
        let host = TestHost(kind, Node("R"), observers: [first, second])
        #expect(log.entries == [
            "1:begin Node",
            "2:begin Node",
            "R init",
            "1:initialState Node count=0",
            "2:initialState Node count=0",
            "1:render Node",
            "2:render Node",
            "R render",
            "2:rendered Node",
            "1:rendered Node",
        ])
        log.clear()
        host.rendering.send(.increment, to: "R")
        #expect(log.entries == [
            "1:receive Node",
            "2:receive Node",
            "1:willApply Node count=0",
            "2:willApply Node count=0",
            "2:applied Node count=1 -> nil",
            "1:applied Node count=1 -> nil",
            "1:render Node",
            "2:render Node",
            "R render",
            "2:rendered Node",
            "1:rendered Node",
        ])
        log.clear()
        host.release()
        #expect(log.entries == ["1:end Node", "2:end Node"])
    }

    @Test("R20: sessions carry the type, the key and the parent; each node gets a new session ID", arguments: RuntimeKind.allCases)
    func sessions(kind: RuntimeKind) throws {
        let log = EventLog.begin()
        let observer = RecordingObserver(log: log)
        let host = TestHost(kind, Node("R", [Node("A", [Node("A1")])]), observers: [observer])
        try #require(observer.sessions.count == 3)
        let (root, a, a1) = (observer.sessions[0], observer.sessions[1], observer.sessions[2])
        #expect(root.workflowType == Node.self)
        #expect(root.renderKey == "")
        #expect(root.parent == nil)
        #expect(a.renderKey == "A")
        #expect(a.parent?.sessionID == root.sessionID)
        #expect(a1.renderKey == "A1")
        #expect(a1.parent?.sessionID == a.sessionID)
        #expect(a1.parent?.parent?.sessionID == root.sessionID)
        #expect(Set([root.sessionID, a.sessionID, a1.sessionID]).count == 3)

        // A pair that comes back is a new session.
        host.update(workflow: Node("R"))
        host.update(workflow: Node("R", [Node("A", [Node("A1")])]))
        try #require(observer.sessions.count == 5)
        #expect(observer.sessions[3].renderKey == "A")
        #expect(observer.sessions[3].sessionID != a.sessionID)
        #expect(observer.sessions[3].parent?.sessionID == root.sessionID)
    }

    @Test("R20, R13: a send to a dead sink calls no observer hook", arguments: RuntimeKind.allCases)
    func deadSinkCallsNoHook(kind: RuntimeKind) throws {
        let log = EventLog.begin()
        let observer = RecordingObserver(log: log)
        let host = TestHost(kind, Node("R", [Node("A")]), observers: [observer])
        let oldA = try #require(host.rendering.sinks["A"])
        host.update(workflow: Node("R"))
        log.clear()
        oldA.send(.incrementAndEmit("ghost"))
        #expect(log.entries.isEmpty)
        #expect(observer.actions.isEmpty)
    }
}

/// Reads the host's rendering (through `read`, once it is set) in the
/// completion of the root's `workflowWillRender`.
private final class RootCompletionReader: WorkflowObserver {
    var read: (() -> String)?
    private(set) var seen: [String] = []

    func workflowWillRender<WorkflowType: Workflow>(
        _ workflow: WorkflowType,
        state: WorkflowType.State,
        session: WorkflowSession
    ) -> ((WorkflowType.Rendering) -> Void)? {
        guard session.parent == nil else { return nil }
        return { [self] _ in
            if let read { seen.append(read()) }
        }
    }
}
