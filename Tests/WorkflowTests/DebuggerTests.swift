import Foundation
import Testing
import Workflow
import WorkflowHostHarness

// The debugger (R21): one initial snapshot, one update per cascade or
// update(workflow:), snapshots of the whole tree, update info by path.

/// Renders a `Node`, a `Bare` and an `Opaque` under keys chosen to test the
/// sort order of snapshot children (by key, ties by type name).
private struct SortedParent: Workflow {
    typealias State = String

    func makeInitialState() -> String { "parent-state" }

    func render(state: String, context: RenderContext<SortedParent>) -> Void {
        _ = Node("k").rendered(in: context, key: "k", outputMap: { _ in AnyWorkflowAction<SortedParent>.noAction })
        _ = Opaque(label: "j").rendered(in: context, key: "j")
        _ = Bare().rendered(in: context, key: "k")
        _ = Opaque(label: "a").rendered(in: context, key: "a")
    }
}

private func info(_ type: String, _ kind: WorkflowUpdateDebugInfo.Kind) -> WorkflowUpdateDebugInfo {
    // WorkflowUpdateDebugInfo has no public memberwise init: build it as
    // upstream's Codable form.
    let encoder = JSONEncoder()
    let kindData = try! encoder.encode(kind)
    let kindObject = try! JSONSerialization.jsonObject(with: kindData)
    let data = try! JSONSerialization.data(withJSONObject: ["workflowType": type, "kind": kindObject])
    return try! JSONDecoder().decode(WorkflowUpdateDebugInfo.self, from: data)
}

@MainActor
@Suite("Debugger")
struct DebuggerTests {
    @Test("R21: didEnterInitialState once, after the first render, with the whole tree, children sorted by key", arguments: RuntimeKind.allCases)
    func initialSnapshot(kind: RuntimeKind) {
        let log = EventLog.begin()
        let debugger = RecordingDebugger(log: log)
        let host = TestHost(kind, Node("R", [Node("b"), Node("a", [Node("a2"), Node("a1")]), Node("c")]), debugger: debugger)
        #expect(log.entries.last == "debugger initial")
        #expect(log.count("debugger") == 1)
        #expect(debugger.initialSnapshots.map(\.outline) == [
            "Node{count=0}[a:Node{count=0}[a1:Node{count=0}, a2:Node{count=0}], b:Node{count=0}, c:Node{count=0}]",
        ])
        #expect(debugger.updates.isEmpty)
        host.rendering.send(.increment, to: "a1")
        #expect(debugger.initialSnapshots.count == 1)
    }

    @Test("R21: snapshot type names and states are string interpolations; same keys sort by type name", arguments: RuntimeKind.allCases)
    func snapshotFormatting(kind: RuntimeKind) {
        let log = EventLog.begin()
        let debugger = RecordingDebugger(log: log)
        _ = TestHost(kind, SortedParent(), debugger: debugger)
        #expect(debugger.initialSnapshots.map(\.outline) == [
            "SortedParent{parent-state}[a:Opaque{()}, j:Opaque{()}, k:Bare{0}, k:Node{count=0}]",
        ])
    }

    @Test("R21: didUpdate once per cascade, after the update, with the path of an output as .subtree sources", arguments: RuntimeKind.allCases)
    func updateInfoForOutput(kind: RuntimeKind) {
        let log = EventLog.begin()
        let debugger = RecordingDebugger(log: log)
        let host = TestHost(kind, Node("R", [Node("A", [Node("A1")])]), debugger: debugger)
        host.recordOutputs()
        host.rendering.send(.emit("x"), to: "A1")
        #expect(debugger.updates.count == 1)
        let leaf = info("Node", .didUpdate(source: .external))
        let mid = info("Node", .didUpdate(source: .subtree(leaf)))
        let root = info("Node", .didUpdate(source: .subtree(mid)))
        #expect(debugger.updates.first?.info == root)
        #expect(debugger.updates.first?.snapshot.outline == "Node{count=0 heard=A/x}[A:Node{count=0 heard=x}[A1:Node{count=0}]]")
        #expect(log.entries.last == "debugger update")
    }

    @Test("R21: an action with no output reports .childDidUpdate at each ancestor", arguments: RuntimeKind.allCases)
    func updateInfoWithoutOutput(kind: RuntimeKind) {
        let log = EventLog.begin()
        let debugger = RecordingDebugger(log: log)
        let host = TestHost(kind, Node("R", [Node("A", forwards: false, [Node("A1")])]), debugger: debugger)
        host.rendering.send(.increment, to: "A1")
        host.rendering.send(.emit("stop"), to: "A1")
        let leaf = info("Node", .didUpdate(source: .external))
        #expect(debugger.updates.map(\.info) == [
            info("Node", .childDidUpdate(info("Node", .childDidUpdate(leaf)))),
            info("Node", .childDidUpdate(info("Node", .didUpdate(source: .subtree(leaf))))),
        ])
        #expect(debugger.updates.map(\.snapshot.outline) == [
            "Node{count=0}[A:Node{count=0}[A1:Node{count=1}]]",
            "Node{count=0}[A:Node{count=0 heard=stop}[A1:Node{count=1}]]",
        ])
    }

    @Test("R21, R19: update(workflow:) reports the root with .didUpdate(source: .external)", arguments: RuntimeKind.allCases)
    func updateInfoForHostUpdate(kind: RuntimeKind) {
        let log = EventLog.begin()
        let debugger = RecordingDebugger(log: log)
        let host = TestHost(kind, Node("R"), debugger: debugger)
        host.update(workflow: Node("R", [Node("N")]))
        #expect(debugger.updates.map(\.info) == [info("Node", .didUpdate(source: .external))])
        #expect(debugger.updates.map(\.snapshot.outline) == ["Node{count=0}[N:Node{count=0}]"])
    }

    @Test("R21, S3: didUpdate comes once per cascade even when nothing rendered", arguments: RuntimeKind.allCases)
    func updateWithoutRender(kind: RuntimeKind) {
        let log = EventLog.begin()
        let debugger = RecordingDebugger(log: log)
        let host = TestHost(kind, Node("R", [Node("A")]), debugger: debugger)
        host.rendering.send(.noop, to: "A")
        host.rendering.send(.noop, to: "R")
        #expect(debugger.updates.count == 2)
        #expect(debugger.updates.map(\.snapshot.outline) == [
            "Node{count=0}[A:Node{count=0}]", "Node{count=0}[A:Node{count=0}]",
        ])
        #expect(debugger.updates.map(\.info) == [
            info("Node", .childDidUpdate(info("Node", .didUpdate(source: .external)))),
            info("Node", .didUpdate(source: .external)),
        ])
    }

    @Test("R21: snapshots and update infos are Codable in upstream's form", arguments: RuntimeKind.allCases)
    func codable(kind: RuntimeKind) throws {
        let log = EventLog.begin()
        let debugger = RecordingDebugger(log: log)
        let host = TestHost(kind, Node("R", [Node("A")]), debugger: debugger)
        host.rendering.send(.emit("x"), to: "A")
        let update = try #require(debugger.updates.first)

        let snapshotData = try JSONEncoder().encode(update.snapshot)
        #expect(try JSONDecoder().decode(WorkflowHierarchyDebugSnapshot.self, from: snapshotData) == update.snapshot)
        let infoData = try JSONEncoder().encode(update.info)
        #expect(try JSONDecoder().decode(WorkflowUpdateDebugInfo.self, from: infoData) == update.info)

        let object = try #require(try JSONSerialization.jsonObject(with: infoData) as? [String: Any])
        #expect(object["workflowType"] as? String == "Node")
        let kindObject = try #require(object["kind"] as? [String: Any])
        #expect(kindObject["type"] as? String == "didUpdate")
        let source = try #require(kindObject["source"] as? [String: Any])
        #expect(source["type"] as? String == "subtree")
    }
}
