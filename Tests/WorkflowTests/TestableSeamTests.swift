import Testing
@_spi(WorkflowRuntimeConfig) @testable import Workflow

// The internal names code written against the runtime's `@testable` seam
// relies on (upstream's own tests use them): a hand-driven `WorkflowNode`,
// `HostContext`, session and configuration helpers, the context seams. Each
// test pins what the name does, by the rule it follows.

// MARK: Fixtures

private struct SeamLeaf: Workflow {
    var text: String

    struct State: CustomStringConvertible {
        var taps = 0
        var description: String { "taps=\(taps)" }
    }

    enum Output: Equatable {
        case tapped(String)
    }

    func makeInitialState() -> State { State() }

    enum Action: WorkflowAction {
        typealias WorkflowType = SeamLeaf
        case tap
        case count

        func apply(toState state: inout State, context: ApplyContext<SeamLeaf>) -> Output? {
            switch self {
            case .tap: return .tapped(context[workflowValue: \.text])
            case .count:
                state.taps += 1
                return nil
            }
        }
    }

    struct Rendering {
        var text: String
        var sink: Sink<Action>
    }

    func render(state: State, context: RenderContext<SeamLeaf>) -> Rendering {
        Rendering(text: "\(text):\(state.taps)", sink: context.makeSink(of: Action.self))
    }
}

private struct SeamParent: Workflow {
    typealias State = Void

    enum Output: Equatable {
        case heard(String)
    }

    func render(state: Void, context: RenderContext<SeamParent>) -> SeamLeaf.Rendering {
        SeamLeaf(text: "leaf").rendered(in: context, key: "k") { output in
            AnyWorkflowAction<SeamParent>(sendingOutput: .heard("\(output)"))
        }
    }
}

private final class SessionRecorder: WorkflowObserver {
    var began: [WorkflowSession] = []

    func sessionDidBegin(_ session: WorkflowSession) {
        began.append(session)
    }
}

private struct NullDebugger: WorkflowDebugger {
    func didEnterInitialState(snapshot: WorkflowHierarchyDebugSnapshot) {}
    func didUpdate(snapshot: WorkflowHierarchyDebugSnapshot, updateInfo: WorkflowUpdateDebugInfo) {}
}

/// A backend that renders no child and counts what it was asked.
private final class CountingBackend: RenderContextType {
    typealias WorkflowType = SeamLeaf
    var sideEffects = 0

    func render<Child: Workflow, Action: WorkflowAction>(
        workflow: Child, key: String, outputMap: @escaping (Child.Output) -> Action
    ) -> Child.Rendering where Action.WorkflowType == SeamLeaf {
        fatalError("no children here")
    }

    func makeSink<Action: WorkflowAction>(of actionType: Action.Type) -> Sink<Action> where Action.WorkflowType == SeamLeaf {
        Sink { _ in }
    }

    func runSideEffect(key: AnyHashable, action: (Lifetime) -> Void) {
        sideEffects += 1
    }
}

// MARK: Tests

@MainActor
@Suite("@testable seam", .serialized)
struct TestableSeamTests {
    @Test("R4, R17, R21: a WorkflowNode renders when asked and reports each cascade with the root's output and, with a debugger, its debug info")
    func workflowNodeDrivenByHand() {
        let node = WorkflowNode(workflow: SeamParent(), hostContext: HostContext(observer: nil, debugger: NullDebugger()))
        var reports: [WorkflowNode<SeamParent>.Output] = []
        node.onOutput = { reports.append($0) }

        let first = node.render()
        node.enableEvents()
        #expect(first.text == "leaf:0")

        first.sink.send(.count)
        #expect(reports.count == 1)
        #expect(reports[0].outputEvent == nil)
        #expect(reports[0].debugInfo?.kind == .childDidUpdate(
            WorkflowUpdateDebugInfo(workflowType: "SeamLeaf", kind: .didUpdate(source: .external))
        ))
        #expect(node.render().text == "leaf:1")

        first.sink.send(.tap)
        #expect(reports.count == 2)
        #expect(reports[1].outputEvent == .heard("tapped(\"leaf\")"))

        let snapshot = node.makeDebugSnapshot()
        #expect(snapshot.children.map(\.key) == ["k"])
        #expect(snapshot.children[0].snapshot.stateDescription == "taps=1")
    }

    @Test("R20: a WorkflowNode's session is the observer's, names its key and parent session, and is a root only without a parent")
    func workflowNodeSessions() {
        let recorder = SessionRecorder()
        let parent = WorkflowSession(workflow: SeamParent(), renderKey: "outer", parent: nil)
        let node = WorkflowNode(
            workflow: SeamLeaf(text: "x"),
            key: "inner",
            hostContext: HostContext(observer: recorder, debugger: nil),
            parentSession: parent
        )
        #expect(recorder.began.map(\.sessionID) == [node.session.sessionID])
        #expect(node.session.renderKey == "inner")
        #expect(node.session.parent?.sessionID == parent.sessionID)
        #expect(!node.isRootNode)
        #expect(parent.workflowType == SeamParent.self)

        let root = WorkflowNode(workflow: SeamLeaf(text: "y"), hostContext: HostContext(observer: nil, debugger: nil))
        #expect(root.isRootNode)
        #expect(root.session.renderKey == "")
    }

    @Test("R21: HostContext builds debug information only when there is a debugger")
    func hostContextDebuggerGate() {
        var built = 0
        #expect(HostContext(observer: nil, debugger: nil).ifDebuggerEnabled { built += 1 } == nil)
        #expect(HostContext(observer: nil, debugger: NullDebugger()).ifDebuggerEnabled { built += 1 } != nil)
        #expect(built == 1)
    }

    @Test("R20: a host's root reports to nothing, the one observer given, or a chain of several in order")
    func hostRootNodeObserver() {
        #expect(WorkflowHost(workflow: SeamParent()).rootNode.observer == nil)
        let one = SessionRecorder()
        #expect(WorkflowHost(workflow: SeamParent(), observers: [one]).rootNode.observer as? SessionRecorder === one)
        let two = SessionRecorder()
        let chained = WorkflowHost(workflow: SeamParent(), observers: [one, two]).rootNode.observer as? ChainedWorkflowObserver
        #expect(chained?.observers.count == 2)
        #expect(chained?.observers.last as? SessionRecorder === two)
        #expect(ChainedWorkflowObserver(observers: [one]).observers.count == 1)
    }

    @Test("S3, R20, R21: a host's context holds its observer, its debugger and the configuration read when it was created")
    func hostContext() {
        let plain = WorkflowHost(workflow: SeamParent())
        #expect(plain.context.observer == nil)
        #expect(plain.context.debugger == nil)
        #expect(plain.context.runtimeConfig == .default)

        let recorder = SessionRecorder()
        let configured = Runtime.withConfiguration(override: { $0.renderOnlyIfStateChanged = true }) {
            WorkflowHost(workflow: SeamParent(), observers: [recorder], debugger: NullDebugger())
        }
        // Read at creation: the scope that set it has ended.
        #expect(Runtime.configuration.renderOnlyIfStateChanged == false)
        #expect(configured.context.runtimeConfig.renderOnlyIfStateChanged)
        #expect(configured.context.observer as? SessionRecorder === recorder)
        #expect(configured.context.debugger is NullDebugger)
    }

    @Test("S4, C1: the configuration switches: default, task-local override, a default undone by resetConfig")
    func configurationHelpers() {
        #expect(Runtime.configuration == .default)
        var custom = Runtime.Configuration.default
        custom.renderOnlyIfStateChanged = true
        Runtime.$_currentConfiguration.withValue(custom) {
            #expect(Runtime.configuration.renderOnlyIfStateChanged)
        }
        Runtime.updateDefaultConfiguration { $0.renderSkipping = false }
        #expect(!Runtime.configuration.renderSkipping)
        Runtime.resetConfig()
        #expect(Runtime.configuration == .default)
    }

    @Test("R17: an ApplyContext's concreteStorage is the workflow value during apply and nil after; apply(toState:) needs no context")
    func applyContextStorage() {
        var seen: [String?] = []
        var kept: ApplyContext<SeamLeaf>?
        ApplyContext<SeamLeaf>.withContext(workflow: SeamLeaf(text: "during"), key: "") { context in
            seen.append(context.concreteStorage?.text)
            kept = context
        }
        seen.append(kept?.concreteStorage?.text)
        #expect(seen == ["during", nil])

        var state = SeamLeaf.State()
        #expect(SeamLeaf.Action.count.apply(toState: &state) == nil)
        #expect(state.taps == 1)
    }

    @Test("R5: a context made over an implementation forwards to it until invalidated")
    func renderContextOverImplementation() {
        let backend = CountingBackend()
        let context = RenderContext<SeamLeaf>.make(implementation: backend)
        #expect(context.isValid)
        context.runSideEffect(key: "a") { _ in }
        _ = context.makeSink(of: SeamLeaf.Action.self)
        #expect(backend.sideEffects == 1)
        context.invalidate()
        #expect(!context.isValid)
    }
}
