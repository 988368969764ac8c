import Testing
import Workflow
import WorkflowHostHarness

// The render pass: depth-first pre-order (R4), workflowDidChange and the
// outputMap of reused children (R7), and the end of children that were not
// asked for again (R9).

/// Renders `"value=… history=…"`; its state is the list of previous values
/// that `workflowDidChange` saw.
private struct Tracker: Workflow, Equatable {
    var value: Int

    func makeInitialState() -> [Int] { [] }

    func workflowDidChange(from previousWorkflow: Tracker, state: inout [Int]) {
        record("Tracker change \(previousWorkflow.value)->\(value)")
        state.append(previousWorkflow.value)
    }

    func render(state: [Int], context: RenderContext<Tracker>) -> String {
        record("Tracker render value=\(value) history=\(state)")
        return "value=\(value) history=\(state)"
    }
}

private struct TrackerParent: Workflow, Equatable {
    typealias State = Void
    var value: Int

    func render(state: Void, context: RenderContext<TrackerParent>) -> String {
        record("TrackerParent render")
        return Tracker(value: value).rendered(in: context)
    }
}

/// Maps its child's outputs with a label read from its state at render time.
private struct Relabeler: Workflow {
    typealias Output = String

    /// The label's number: a bit copy, so S1 compares it.
    struct State: Equatable {
        var label = 0
    }

    struct Rendering {
        var child: Node.Rendering
        var relabel: Sink<Int>
    }

    func makeInitialState() -> State { State() }

    func render(state: State, context: RenderContext<Relabeler>) -> Rendering {
        record("Relabeler render")
        let label = state.label
        let child = Node("C").rendered(in: context, key: "c", outputMap: { text in
            AnyWorkflowAction<Relabeler>(sendingOutput: "t\(label):\(text)")
        })
        let relabel = context.makeSink(of: Int.self, onEvent: { newLabel, state, _ in
            state.label = newLabel
            return nil
        })
        return Rendering(child: child, relabel: relabel)
    }
}

/// Renders `Node("X")` or `Node("Y")` depending on its state.
private struct Switcher: Workflow {
    struct Rendering {
        var text: String
        var toggle: () -> Void
    }

    func makeInitialState() -> Bool { true }

    func render(state showsX: Bool, context: RenderContext<Switcher>) -> Rendering {
        record("Switcher render")
        let child = showsX ? Node("X") : Node("Y")
        let text = child.rendered(in: context, key: child.name, outputMap: { _ in AnyWorkflowAction<Switcher>.noAction }).text
        let sink = context.makeStateMutationSink()
        record("Switcher returns")
        return Rendering(text: text, toggle: { sink.send { $0.toggle() } })
    }
}

@MainActor
@Suite("Render pass")
struct RenderPassTests {
    @Test("R4: the first render is depth first, pre-order, in the order children are asked for", arguments: RuntimeKind.allCases)
    func initialRenderIsPreOrder(kind: RuntimeKind) {
        let log = EventLog.begin()
        let host = TestHost(kind, Node("R", [Node("A", [Node("A1"), Node("A2")]), Node("B", [Node("B1")])]))
        #expect(host.rendering.text == "R:0(A:0(A1:0,A2:0),B:0(B1:0))")
        #expect(log.entries == [
            "R init", "R render",
            "A init", "A render",
            "A1 init", "A1 render",
            "A2 init", "A2 render",
            "B init", "B render",
            "B1 init", "B1 render",
        ])
    }

    @Test("R4, S2: a re-render follows the parent's new order; the fast runtime skips the unchanged grandchildren", arguments: RuntimeKind.allCases)
    func rerenderFollowsNewOrder(kind: RuntimeKind) {
        let log = EventLog.begin()
        let host = TestHost(kind, Node("R", [Node("A", [Node("A1"), Node("A2")]), Node("B", [Node("B1")])]))
        log.clear()
        host.update(workflow: Node("R", [Node("B", props: 1, [Node("B1")]), Node("A", props: 1, [Node("A1"), Node("A2")])]))
        #expect(host.rendering.text == "R:0(B:0p1(B1:0),A:0p1(A1:0,A2:0))")
        #expect(log.entries.filter { $0.hasSuffix(" init") }.isEmpty)
        if kind.skipsRenders {
            // S2: B1, A1 and A2 are clean and equal: skipped.
            #expect(renderedNames(in: log) == ["R", "B", "A"])
            #expect(log.entries.filter { $0.contains(" change ") } == ["R change 0->0", "B change 0->1", "A change 0->1"])
        } else {
            #expect(renderedNames(in: log) == ["R", "B", "B1", "A", "A1", "A2"])
            #expect(log.entries.filter { $0.contains(" change ") } == [
                "R change 0->0", "B change 0->1", "B1 change 0->0", "A change 0->1", "A1 change 0->0", "A2 change 0->0",
            ])
        }
    }

    @Test("R7: a reused child's workflowDidChange runs on the new value with the old one, then the observer hook, then its render", arguments: RuntimeKind.allCases)
    func workflowDidChangeBeforeRender(kind: RuntimeKind) {
        let log = EventLog.begin()
        let observer = RecordingObserver(log: log)
        let host = TestHost(kind, TrackerParent(value: 1), observers: [observer])
        #expect(host.rendering == "value=1 history=[]")

        log.clear()
        host.update(workflow: TrackerParent(value: 2))
        #expect(host.rendering == "value=2 history=[1]")
        #expect(log.entries == [
            "didChange TrackerParent ()",
            "render TrackerParent",
            "TrackerParent render",
            "Tracker change 1->2",
            "didChange Tracker [1]",
            "render Tracker",
            "Tracker render value=2 history=[1]",
            "rendered Tracker",
            "rendered TrackerParent",
        ])

        host.update(workflow: TrackerParent(value: 5))
        #expect(host.rendering == "value=5 history=[1, 2]")
        let trackerChanges = observer.changes.compactMap { pair -> String? in
            guard let old = pair.old as? Tracker, let new = pair.new as? Tracker else { return nil }
            return "\(old.value)->\(new.value)"
        }
        #expect(trackerChanges == ["1->2", "2->5"])
    }

    @Test("R7, S2: the parent's latest outputMap replaces the old one, even for a skipped child", arguments: RuntimeKind.allCases)
    func latestOutputMapWins(kind: RuntimeKind) {
        let log = EventLog.begin()
        let host = TestHost(kind, Relabeler())
        host.recordOutputs()

        host.rendering.child.send(.emit("x"), to: "C")
        #expect(host.publishedOutputs == ["t0:x"])

        host.rendering.relabel.send(1)
        host.rendering.child.send(.emit("y"), to: "C")
        host.rendering.relabel.send(2)
        host.rendering.child.send(.emit("z"), to: "C")
        #expect(host.publishedOutputs == ["t0:x", "t1:y", "t2:z"])

        let childRenders = renderedNames(in: log).filter { $0 == "C" }.count
        if kind.skipsRenders {
            // S2, S3: C never changed, so it rendered only when it started.
            #expect(childRenders == 1)
            #expect(renderedNames(in: log) == ["Relabeler", "C", "Relabeler", "Relabeler"])
        } else {
            // Every cascade re-renders the whole tree: 1 + 5 passes.
            #expect(childRenders == 6)
        }
    }

    @Test("R9: children not asked for end after the parent's render returned, after replacements started, before its willRender completion", arguments: RuntimeKind.allCases)
    func removalOrderWithinParentPass(kind: RuntimeKind) {
        let log = EventLog.begin()
        let observer = RecordingObserver(log: log)
        let host = TestHost(kind, Node("R", [Node("A")]), observers: [observer])
        log.clear()
        host.update(workflow: Node("R", [Node("B")]))
        #expect(host.rendering.text == "R:0(B:0)")
        #expect(log.entries == [
            "R change 0->0",
            "didChange Node count=0",
            "render Node",
            "R render",
            "begin Node B",
            "B init",
            "initialState Node B count=0",
            "render Node B",
            "B render",
            "rendered Node B",
            "end Node A",
            "rendered Node",
        ])
    }

    @Test("R9: a cascade that drops a child ends it inside the parent's pass", arguments: RuntimeKind.allCases)
    func removalDuringCascade(kind: RuntimeKind) {
        let log = EventLog.begin()
        let observer = RecordingObserver(log: log)
        let host = TestHost(kind, Switcher(), observers: [observer])
        #expect(host.rendering.text == "X:0")
        log.clear()
        host.rendering.toggle()
        #expect(host.rendering.text == "Y:0")
        #expect(log.entries.filter { !$0.hasPrefix("willApply") && !$0.hasPrefix("applied") && !$0.hasPrefix("receive") } == [
            "render Switcher",
            "Switcher render",
            "begin Node Y",
            "Y init",
            "initialState Node Y count=0",
            "render Node Y",
            "Y render",
            "rendered Node Y",
            "Switcher returns",
            "end Node X",
            "rendered Switcher",
        ])
    }

    @Test("R9: a removed subtree ends in post-order, siblings in the order of the previous pass", arguments: RuntimeKind.allCases)
    func removedSubtreeEndsPostOrder(kind: RuntimeKind) {
        let log = EventLog.begin()
        let observer = RecordingObserver(log: log)
        let host = TestHost(kind, Node("R", [Node("A", [Node("A1"), Node("A2")]), Node("B")]), observers: [observer])
        // Ask for B before A: the previous pass's order is now B, A.
        host.update(workflow: Node("R", [Node("B", props: 1), Node("A", props: 1, [Node("A1"), Node("A2")])]))
        #expect(log.entries(withPrefix: "end ").isEmpty)

        log.clear()
        host.update(workflow: Node("R"))
        #expect(host.rendering.text == "R:0")
        #expect(log.entries(withPrefix: "end ") == ["end Node B", "end Node A1", "end Node A2", "end Node A"])
        #expect(log.entries.last == "rendered Node")
    }
}
