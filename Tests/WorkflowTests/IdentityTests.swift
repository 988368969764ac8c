import Testing
import Workflow
import WorkflowHostHarness

// Identity of nodes: (concrete type, key) within the parent (R1), wrappers
// that add no node or one node (R2), the root (R3), creation (R6), and a
// pair that comes back after it was removed (R9).

/// Renders a `Node` and a `Bare` under the same key "k".
private struct SameKeyParent: Workflow {
    typealias State = Void
    typealias Rendering = (node: Node.Rendering, bare: Bare.Rendering)

    func render(state: Void, context: RenderContext<SameKeyParent>) -> Rendering {
        let node = Node("k").rendered(in: context, key: "k", outputMap: { _ in AnyWorkflowAction<SameKeyParent>.noAction })
        let bare = Bare().rendered(in: context, key: "k")
        return (node, bare)
    }
}

/// Renders a `Node("C")` under a key given by its props.
private struct KeyedParent: Workflow, Equatable {
    typealias State = Void
    var childKey: String

    func render(state: Void, context: RenderContext<KeyedParent>) -> Node.Rendering {
        Node("C").rendered(in: context, key: childKey, outputMap: { _ in AnyWorkflowAction<KeyedParent>.noAction })
    }
}

/// Renders a `Node("M")` through `asAnyWorkflow().mapRendering().mapOutput()`
/// under the key "m"; its output is the mapped child output.
private struct WrappingParent: Workflow {
    typealias State = Void
    typealias Output = String

    func render(state: Void, context: RenderContext<WrappingParent>) -> String {
        Node("M")
            .asAnyWorkflow()
            .mapRendering { $0.text.uppercased() }
            .mapOutput { "mapped(\($0))" }
            .rendered(in: context, key: "m", outputMap: { AnyWorkflowAction<WrappingParent>(sendingOutput: $0) })
    }
}

/// Renders `Node("Q").ignoringOutput()` under the key "q".
private struct BlockingParent: Workflow {
    typealias State = Void
    typealias Output = String

    func render(state: Void, context: RenderContext<BlockingParent>) -> Node.Rendering {
        Node("Q").ignoringOutput().rendered(in: context, key: "q")
    }
}

/// Writes "P before X" and "P after X: <text>" around each child it asks for.
private struct BracketingParent: Workflow {
    typealias State = Void

    func render(state: Void, context: RenderContext<BracketingParent>) -> String {
        record("P render")
        var texts: [String] = []
        for child in [Node("A", [Node("A1")]), Node("B")] {
            record("P before \(child.name)")
            let text = child.rendered(in: context, key: child.name, outputMap: { _ in AnyWorkflowAction<BracketingParent>.noAction }).text
            record("P after \(child.name): \(text)")
            texts.append(text)
        }
        record("P returns")
        return texts.joined(separator: " ")
    }
}

@MainActor
@Suite("Identity")
struct IdentityTests {
    @Test("R1: children of one type under different keys are separate nodes", arguments: RuntimeKind.allCases)
    func sameTypeDifferentKeys(kind: RuntimeKind) {
        let log = EventLog.begin()
        let host = TestHost(kind, Node("R", [Node("A"), Node("B")]))
        #expect(log.entries.filter { $0.hasSuffix(" init") } == ["R init", "A init", "B init"])

        host.rendering.send(.increment, to: "A")
        host.rendering.send(.increment, to: "A")
        host.rendering.send(.increment, to: "B")
        #expect(host.rendering.text == "R:0(A:2,B:1)")
    }

    @Test("R1: children of different types under the same key are separate nodes", arguments: RuntimeKind.allCases)
    func differentTypesSameKey(kind: RuntimeKind) {
        let log = EventLog.begin()
        let observer = RecordingObserver(log: log)
        let host = TestHost(kind, SameKeyParent(), observers: [observer])
        #expect(log.entries(withPrefix: "begin ") == ["begin SameKeyParent", "begin Node k", "begin Bare k"])

        host.rendering.bare.increment()
        host.rendering.bare.increment()
        host.rendering.node.send(.increment, to: "k")
        #expect(host.rendering.bare.text == "bare:2")
        #expect(host.rendering.node.text == "k:1")
        #expect(log.entries(withPrefix: "end ").isEmpty)
    }

    @Test("R1, R9: a child asked for under a new key is a new node; the old one ends", arguments: RuntimeKind.allCases)
    func keyChangeMakesNewNode(kind: RuntimeKind) {
        let log = EventLog.begin()
        let observer = RecordingObserver(log: log)
        let host = TestHost(kind, KeyedParent(childKey: "k1"), observers: [observer])
        host.rendering.send(.increment, to: "C")
        host.rendering.send(.increment, to: "C")
        #expect(host.rendering.text == "C:2")

        log.clear()
        host.update(workflow: KeyedParent(childKey: "k2"))
        #expect(host.rendering.text == "C:0")
        #expect(log.entries.filter { $0.hasPrefix("begin ") || $0.hasPrefix("end ") || $0.hasSuffix(" init") }
            == ["begin Node k2", "C init", "end Node k1"])

        host.rendering.send(.increment, to: "C")
        #expect(host.rendering.text == "C:1")
    }

    @Test("R1: each child's state follows its key through insertions, removals and reorders among many siblings", arguments: RuntimeKind.allCases)
    func stateFollowsKeyAmongManySiblings(kind: RuntimeKind) {
        let log = EventLog.begin()
        let names = (0..<40).map { "n\($0)" }
        let host = TestHost(kind, Node("R", names.map { Node($0) }))
        for (index, name) in names.enumerated() where index % 3 == 0 {
            host.rendering.send(.setCount(index), to: name)
        }
        // Keep every other child, in reverse order, with new children between.
        var kept: [Node] = []
        for (index, name) in names.enumerated().reversed() where index % 2 == 0 {
            kept.append(Node(name))
            kept.append(Node("new\(index)"))
        }
        log.clear()
        host.update(workflow: Node("R", kept))
        let expected = kept.map { child -> String in
            let isNew = child.name.hasPrefix("new")
            let index = Int(child.name.dropFirst(isNew ? 3 : 1))!
            let count = !isNew && index % 3 == 0 ? index : 0
            return "\(child.name):\(count)"
        }
        #expect(host.rendering.text == "R:0(\(expected.joined(separator: ",")))")
        #expect(log.entries.filter { $0.hasSuffix(" init") }.count == 20)
        #expect(log.entries.filter { $0.hasSuffix(" init") }.allSatisfy { $0.hasPrefix("new") })

        host.rendering.send(.increment, to: "n6")
        host.rendering.send(.increment, to: "new6")
        #expect(host.rendering.text.contains(",n6:7,new6:1,"))
    }

    @Test("R9: a (type, key) that comes back after removal starts fresh, subtree included", arguments: RuntimeKind.allCases)
    func comeBackStartsFresh(kind: RuntimeKind) {
        let log = EventLog.begin()
        let tree = Node("R", [Node("A", [Node("A1")])])
        let host = TestHost(kind, tree)
        host.rendering.send(.increment, to: "A1")
        host.rendering.send(.increment, to: "A")
        #expect(host.rendering.text == "R:0(A:1(A1:1))")

        host.update(workflow: Node("R"))
        #expect(host.rendering.text == "R:0")

        log.clear()
        host.update(workflow: tree)
        #expect(host.rendering.text == "R:0(A:0(A1:0))")
        #expect(log.entries.filter { $0.hasSuffix(" init") } == ["A init", "A1 init"])
    }

    @Test("R2: AnyWorkflow, mapRendering and mapOutput add no node", arguments: RuntimeKind.allCases)
    func mapWrappersAddNoNode(kind: RuntimeKind) {
        let log = EventLog.begin()
        let observer = RecordingObserver(log: log)
        let debugger = RecordingDebugger(log: log)
        let host = TestHost(kind, WrappingParent(), observers: [observer], debugger: debugger)
        #expect(host.rendering == "M:0")
        #expect(log.entries(withPrefix: "begin ") == ["begin WrappingParent", "begin Node m"])
        #expect(debugger.initialSnapshots.map(\.outline) == ["WrappingParent{()}[m:Node{count=0}]"])
        #expect(observer.sessions.map(\.renderKey) == ["", "m"])
    }

    @Test("R2: ignoringOutput() adds one OutputBlockingWorkflow node under the parent's key, child under \"\"", arguments: RuntimeKind.allCases)
    func ignoringOutputAddsOneNode(kind: RuntimeKind) {
        let log = EventLog.begin()
        let observer = RecordingObserver(log: log)
        let host = TestHost(kind, BlockingParent(), observers: [observer])
        host.recordOutputs()
        #expect(log.entries(withPrefix: "begin ") == ["begin BlockingParent", "begin OutputBlockingWorkflow<Node> q", "begin Node"])
        #expect(observer.sessions.map(\.renderKey) == ["", "q", ""])
        #expect(observer.sessions[2].parent?.sessionID == observer.sessions[1].sessionID)
        #expect(observer.sessions[1].parent?.sessionID == observer.sessions[0].sessionID)

        host.rendering.send(.incrementAndEmit("lost"), to: "Q")
        #expect(host.rendering.text == "Q:1")
        #expect(host.publishedOutputs.isEmpty)
    }

    @Test("R3: the root has key \"\"; an AnyWorkflow root is a Void-state node with the concrete workflow as its one child", arguments: RuntimeKind.allCases)
    func anyWorkflowRoot(kind: RuntimeKind) {
        let log = EventLog.begin()
        let observer = RecordingObserver(log: log)
        let debugger = RecordingDebugger(log: log)
        let host = TestHost(kind, Node("Z").asAnyWorkflow(), observers: [observer], debugger: debugger)
        host.recordOutputs()
        let anyType = "\(AnyWorkflow<Node.Rendering, String>.self)"
        #expect(log.entries(withPrefix: "begin ") == ["begin \(anyType)", "begin Node"])
        #expect(observer.sessions.map(\.renderKey) == ["", ""])
        #expect(observer.sessions[0].parent == nil)
        #expect(observer.sessions[1].parent?.sessionID == observer.sessions[0].sessionID)
        #expect(observer.sessions[1].workflowType == Node.self)
        #expect(debugger.initialSnapshots.map(\.outline) == ["\(anyType){()}[\"\":Node{count=0}]"])

        host.rendering.send(.emit("out"), to: "Z")
        #expect(host.publishedOutputs == ["out"])
    }

    @Test("R6: a new (type, key) makes its initial state, then renders, inside the parent's render", arguments: RuntimeKind.allCases)
    func newNodeStartsInsideParentRender(kind: RuntimeKind) {
        let log = EventLog.begin()
        let observer = RecordingObserver(log: log)
        let host = TestHost(kind, BracketingParent(), observers: [observer])
        #expect(host.rendering == "A:0(A1:0) B:0")
        #expect(log.entries == [
            "begin BracketingParent",
            "initialState BracketingParent ()",
            "render BracketingParent",
            "P render",
            "P before A",
            "begin Node A",
            "A init",
            "initialState Node A count=0",
            "render Node A",
            "A render",
            "begin Node A1",
            "A1 init",
            "initialState Node A1 count=0",
            "render Node A1",
            "A1 render",
            "rendered Node A1",
            "rendered Node A",
            "P after A: A:0(A1:0)",
            "P before B",
            "begin Node B",
            "B init",
            "initialState Node B count=0",
            "render Node B",
            "B render",
            "rendered Node B",
            "P after B: B:0",
            "P returns",
            "rendered BracketingParent",
        ])
    }
}
