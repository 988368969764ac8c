import Dispatch
import Foundation
import Testing
@_spi(WorkflowGlobalObservation) @_spi(WorkflowRuntimeConfig) @_spi(WorkflowInternals) @_spi(Logging) import Workflow
import class Workflow.Lifetime

// Every public declaration of Workflow, used the way workflows written
// against upstream's Workflow use it: trailing closures, key paths, default
// keys, every overload. Where a call site alone would still compile after a
// signature drifted (a default argument added, a closure type widened), a
// typed reference pins the exact signature. The functions below only need to
// compile; the tests at the end run a small tree written this way.

// MARK: Workflows

/// A stateful child with props, an output and an action enum.
private struct APICounter: Workflow {
    var step: Int

    struct State: Equatable {
        var count = 0
        var label = ""
    }

    enum Output: Equatable {
        case reached(Int)
    }

    func makeInitialState() -> State {
        State()
    }

    func workflowDidChange(from previousWorkflow: APICounter, state: inout State) {
        if previousWorkflow.step != step {
            state.label = "step \(step)"
        }
    }

    enum Action: WorkflowAction {
        typealias WorkflowType = APICounter

        case increment
        case report

        func apply(toState state: inout State, context: ApplyContext<APICounter>) -> Output? {
            switch self {
            case .increment:
                state.count += context[workflowValue: \.step]
                return nil
            case .report:
                return .reached(state.count)
            }
        }
    }

    struct Screen {
        var count: Int
        var onIncrement: () -> Void
        var onReport: () -> Void
        var onText: (String) -> Void
        var onOutput: (Output) -> Void
    }

    func render(state: State, context: RenderContext<APICounter>) -> Screen {
        let sink = context.makeSink(of: Action.self)
        let textSink = context.makeSink(of: String.self) { text, state in
            state.label = text
            return nil
        }
        let outputSink = context.makeOutputSink()
        return Screen(
            count: state.count,
            onIncrement: { sink.send(.increment) },
            onReport: { sink.send(.report) },
            onText: { textSink.send($0) },
            onOutput: { outputSink.send($0) }
        )
    }
}

/// A stateless workflow: `State == Void` and no `makeInitialState`; Output
/// defaults to `Never`.
private struct APILabel: Workflow {
    var text: String

    typealias State = Void

    func render(state: Void, context: RenderContext<APILabel>) -> String {
        text
    }
}

/// A child whose outputs are already actions of its parent.
private struct APIActionEmitter: Workflow {
    typealias State = Void
    typealias Output = APIParent.Action

    func render(state: Void, context: RenderContext<APIActionEmitter>) -> Int { 1 }
}

/// A child whose outputs are type-erased actions of its parent.
private struct APIAnyActionEmitter: Workflow {
    typealias State = Void
    typealias Output = AnyWorkflowAction<APIParent>

    func render(state: Void, context: RenderContext<APIAnyActionEmitter>) -> Int { 2 }
}

/// A child with a `Void` rendering, run for its outputs.
private struct APIRunner: Workflow {
    typealias State = Void
    typealias Output = Int

    func render(state: Void, context: RenderContext<APIRunner>) {}
}

/// A child with a `Void` rendering whose outputs are parent actions.
private struct APIActionRunner: Workflow {
    typealias State = Void
    typealias Output = APIParent.Action

    func render(state: Void, context: RenderContext<APIActionRunner>) {}
}

/// Something that takes part in a tree without being a workflow itself.
private struct APIConvertible: AnyWorkflowConvertible {
    func asAnyWorkflow() -> AnyWorkflow<String, Never> {
        APILabel(text: "converted").asAnyWorkflow()
    }
}

/// Keeps a weak reference to its context, as view models do.
private final class APIContextHolder<W: Workflow> {
    weak var context: RenderContext<W>?
}

/// The parent: uses every composition helper and every sink.
private struct APIParent: Workflow {
    var holder = APIContextHolder<APIParent>()

    struct State {
        var total = 0
        var heard: [String] = []
        var flag = false
    }

    enum Output {
        case finished
    }

    func makeInitialState() -> State {
        State()
    }

    enum Action: WorkflowAction {
        typealias WorkflowType = APIParent

        case heard(String)
        case finish

        func apply(toState state: inout State, context: ApplyContext<APIParent>) -> Output? {
            switch self {
            case let .heard(text):
                state.heard.append(text)
                return nil
            case .finish:
                return .finished
            }
        }
    }

    struct Screen {
        var counter: APICounter.Screen
        var labels: [String]
        var numbers: [Int]
        var mutate: StateMutationSink<APIParent>
        var events: Sink<Int>
        var contextEvents: Sink<Int>
        var finish: Sink<Action>
        var sameContext: Bool
    }

    func render(state: State, context: RenderContext<APIParent>) -> Screen {
        holder.context = context
        let sameContext = holder.context === context

        // rendered(in:key:outputMap:) with a trailing closure, default key.
        let counter = APICounter(step: 1).rendered(in: context) { output -> Action in
            switch output {
            case let .reached(count): .heard("reached \(count)")
            }
        }
        // rendered(in:key:) for a Never output, under any parent.
        let labels = [
            APILabel(text: "a").rendered(in: context),
            APILabel(text: "b").rendered(in: context, key: "b"),
            APIConvertible().rendered(in: context, key: "converted"),
            APILabel(text: "c").mapRendering { $0.uppercased() }.rendered(in: context, key: "c"),
            APILabel(text: "d").ignoringOutput().rendered(in: context, key: "d"),
        ]
        // rendered(in:key:) for outputs that are parent actions, plain or erased.
        let numbers = [
            APIActionEmitter().rendered(in: context),
            APIAnyActionEmitter().rendered(in: context, key: "any"),
            APILabel(text: "e").mapOutput(to: Action.self).mapRendering(\.count).rendered(in: context, key: "e"),
            APICounter(step: 2)
                .mapOutput { _ in AnyWorkflowAction<APIParent>.noAction }
                .mapRendering(\.count)
                .rendered(in: context, key: "mapped"),
            APICounter(step: 3)
                .onOutput { (state: inout State, output: APICounter.Output) -> Output? in
                    state.total += 1
                    return nil
                }
                .mapRendering(\.count)
                .rendered(in: context, key: "onOutput"),
        ]
        // running(in:key:) and running(in:key:outputMap:).
        APIActionRunner().running(in: context)
        APIActionRunner().running(in: context, key: "second")
        APIRunner().running(in: context) { number in Action.heard("\(number)") }
        APIRunner().running(in: context, key: "second", outputMap: { _ in AnyWorkflowAction<APIParent>.noAction })

        // Side effects: trailing closure, string and non-string keys.
        context.runSideEffect(key: "effect") { lifetime in
            lifetime.onEnded {}
            _ = lifetime.hasEnded
        }
        context.runSideEffect(key: 42) { _ in }

        // Sinks: of(onEvent:) with named arguments, shorthand, and a function.
        let events = context.makeSink(of: Int.self) { amount, state in
            state.total += amount
            return nil
        }
        let contextEvents = context.makeSink(of: Int.self, onEvent: { $1.total += $0; return nil })
        _ = context.makeSink(of: String.self, onEvent: APIParent.handle)
        _ = context.makeSink(of: Void.self) { _, state -> Output? in
            state.flag.toggle()
            return .finished
        }
        return Screen(
            counter: counter,
            labels: labels,
            numbers: numbers,
            mutate: context.makeStateMutationSink(),
            events: events,
            contextEvents: contextEvents,
            finish: context.makeSink(of: Action.self),
            sameContext: sameContext
        )
    }

    static func handle(_ text: String, _ state: inout State) -> Output? {
        state.heard.append(text)
        return nil
    }
}

// MARK: Exact signatures

/// Typed references: each breaks the build if the declaration's signature
/// drifts from upstream's.
#if swift(>=6)  // a Swift 6 client runs hosts and testers on the main actor
@MainActor
#endif
private func pinnedSignatures() {
    typealias W = APIParent
    typealias Child = APICounter

    // Workflow and AnyWorkflowConvertible.
    let _: (Child) -> () -> Child.State = Child.makeInitialState
    let _: (Child) -> (Child, inout Child.State) -> Void = Child.workflowDidChange(from:state:)
    let _: (Child) -> (Child.State, RenderContext<Child>) -> Child.Screen = Child.render(state:context:)
    let _: (Child) -> () -> AnyWorkflow<Child.Screen, Child.Output> = Child.asAnyWorkflow
    let _: (APILabel) -> () -> Void = APILabel.makeInitialState

    // Composition.
    let _: (APIActionEmitter) -> (RenderContext<W>, String) -> Int = APIActionEmitter.rendered(in:key:)
    let _: (APIAnyActionEmitter) -> (RenderContext<W>, String) -> Int = APIAnyActionEmitter.rendered(in:key:)
    let _: (Child) -> (RenderContext<W>, String, @escaping (Child.Output) -> W.Action) -> Child.Screen =
        Child.rendered(in:key:outputMap:)
    let _: (APILabel) -> (RenderContext<Child>, String) -> String = APILabel.rendered(in:key:)
    let _: (APIRunner) -> (RenderContext<W>, String, @escaping (Int) -> W.Action) -> Void = APIRunner.running(in:key:outputMap:)
    let _: (APIActionRunner) -> (RenderContext<W>, String) -> Void = APIActionRunner.running(in:key:)
    let _: (Child) -> (@escaping (Child.Output) -> Int) -> AnyWorkflow<Child.Screen, Int> = Child.mapOutput
    let _: (Child) -> (@escaping (Child.Screen) -> Int) -> AnyWorkflow<Int, Child.Output> = Child.mapRendering
    let _: (APILabel) -> (Int.Type) -> AnyWorkflow<String, Int> = APILabel.mapOutput(to:)
    let _: (Child) -> (@escaping (inout W.State, Child.Output) -> W.Output?) -> AnyWorkflow<Child.Screen, AnyWorkflowAction<W>> =
        Child.onOutput
    let _: (Child) -> () -> AnyWorkflow<Child.Screen, Never> = Child.ignoringOutput

    // Actions.
    let _: (Child.Action) -> (inout Child.State, ApplyContext<Child>) -> Child.Output? = Child.Action.apply(toState:context:)
    let _: Child.Action.ActionApplyClosure.Type = ((inout Child.State, ApplyContext<Child>) -> Child.Output?).self
    let _: AnyWorkflowAction<Child>.ActionApplyClosure.Type = ((inout Child.State, ApplyContext<Child>) -> Child.Output?).self
    let _: (Child.Action) -> AnyWorkflowAction<Child> = AnyWorkflowAction.init
    let _: (@escaping AnyWorkflowAction<Child>.ActionApplyClosure, StaticString, UInt) -> AnyWorkflowAction<Child> =
        AnyWorkflowAction.init(_:fileID:line:)
    let _: (@escaping (inout Child.State) -> Child.Output?, StaticString, UInt) -> AnyWorkflowAction<Child> =
        AnyWorkflowAction.init(_:fileID:line:)
    let _: (Child.Output) -> AnyWorkflowAction<Child> = AnyWorkflowAction.init(sendingOutput:)
    let _: AnyWorkflowAction<Child> = .noAction
    let _: (AnyWorkflowAction<Child>) -> Any = \.base
    let _: KeyPath<AnyWorkflowAction<Child>, Bool> = \.isClosureBased
    let _: (ApplyContext<Child>, KeyPath<Child, Int>) -> Int = { $0[workflowValue: $1] }

    // Render context, sinks, lifetimes.
    let _: (RenderContext<W>) -> (W.Action.Type) -> Sink<W.Action> = RenderContext<W>.makeSink(of:)
    let _: (RenderContext<W>) -> (AnyHashable, (Lifetime) -> Void) -> Void = RenderContext<W>.runSideEffect(key:action:)
    let _: (RenderContext<W>) -> (Int.Type, @escaping (Int, inout W.State) -> W.Output?) -> Sink<Int> =
        RenderContext<W>.makeSink(of:onEvent:)
    let _: (RenderContext<W>) -> () -> Sink<W.Output> = RenderContext<W>.makeOutputSink
    let _: (RenderContext<W>) -> () -> StateMutationSink<W> = RenderContext<W>.makeStateMutationSink
#if swift(>=6)  // a Swift 6 client writes the isolation into the type
    let _: (@escaping @MainActor (Int) -> Void) -> Sink<Int> = Sink.init
#else
    let _: (@escaping (Int) -> Void) -> Sink<Int> = Sink.init
#endif
    let _: (Sink<Int>) -> (Int) -> Void = Sink<Int>.send
#if swift(>=6)  // a Swift 6 client writes the isolation into the type
    let _: (Sink<Int>) -> (@escaping @MainActor (String) -> Int) -> Sink<String> = Sink<Int>.contraMap
#else
    let _: (Sink<Int>) -> (@escaping (String) -> Int) -> Sink<String> = Sink<Int>.contraMap
#endif
    let _: (StateMutationSink<W>) -> (@escaping (inout W.State) -> Void) -> Void = StateMutationSink<W>.send
    let _: (StateMutationSink<W>) -> (WritableKeyPath<W.State, Int>, Int) -> Void = StateMutationSink<W>.send(_:value:)
    let _: (Lifetime) -> (@escaping () -> Void) -> Void = Lifetime.onEnded
    let _: KeyPath<Lifetime, Bool> = \.hasEnded

    // AnyWorkflow.
    let _: (Child) -> AnyWorkflow<Child.Screen, Child.Output> = AnyWorkflow.init
    let _: KeyPath<AnyWorkflow<Int, Never>, Any> = \.base
    let _: KeyPath<AnyWorkflow<Int, Never>, Any.Type> = \.workflowType
    let _: (AnyWorkflow<Int, Never>) -> (@escaping (Never) -> String) -> AnyWorkflow<Int, String> = AnyWorkflow<Int, Never>.mapOutput
    let _: (AnyWorkflow<Int, Never>) -> (@escaping (Int) -> String) -> AnyWorkflow<String, Never> = AnyWorkflow<Int, Never>.mapRendering

    // Host.
#if swift(>=6)  // a Swift 6 client writes the isolation into the type
    let _: @MainActor (W, [WorkflowObserver], WorkflowDebugger?) -> WorkflowHost<W> = WorkflowHost.init(workflow:observers:debugger:)
#else
    let _: (W, [WorkflowObserver], WorkflowDebugger?) -> WorkflowHost<W> = WorkflowHost.init(workflow:observers:debugger:)
#endif
    let _: (WorkflowHost<W>) -> (W) -> Void = WorkflowHost<W>.update(workflow:)
    let _: KeyPath<WorkflowHost<W>, W.Screen> = \.rendering

    // Runtime configuration.
#if swift(>=6)  // a Swift 6 client writes the isolation into the type
    let _: @MainActor (((inout Runtime.Configuration) -> Void)?, () -> Int) -> Int = Runtime.withConfiguration(override:operation:)
#else
    let _: (((inout Runtime.Configuration) -> Void)?, () -> Int) -> Int = Runtime.withConfiguration(override:operation:)
#endif
    let _: WritableKeyPath<Runtime.Configuration, Bool> = \.renderOnlyIfStateChanged
    let _: DispatchQueue = .workflowExecution
}

// MARK: Actions

private func actionInitialisers() {
    let wrapped = AnyWorkflowAction(APICounter.Action.increment)
    let notDoubleWrapped = AnyWorkflowAction(wrapped)
    let withContext = AnyWorkflowAction<APICounter> { state, context in
        state.count += context[workflowValue: \.step]
        return nil
    }
    let stateOnly = AnyWorkflowAction<APICounter> { state in
        state.count += 1
        return nil
    }
    let typedStateOnly: AnyWorkflowAction<APICounter> = AnyWorkflowAction { (state: inout APICounter.State) -> APICounter.Output? in
        .reached(state.count)
    }
    let located = AnyWorkflowAction<APICounter>({ _, _ in nil }, fileID: #fileID, line: #line)
    let sending = AnyWorkflowAction<APICounter>(sendingOutput: .reached(3))
    let nothing = AnyWorkflowAction<APICounter>.noAction
    let closure: AnyWorkflowAction<APICounter>.ActionApplyClosure = { _, _ in nil }
    let fromClosure = AnyWorkflowAction(closure)
    _ = [wrapped, notDoubleWrapped, withContext, stateOnly, typedStateOnly, located, sending, nothing, fromClosure]
        .map { ($0.base, $0.isClosureBased) }
}

// MARK: Hosts

#if swift(>=6)  // a Swift 6 client runs hosts and testers on the main actor
@MainActor
#endif
private func hosts() {
    let plain = WorkflowHost(workflow: APIParent())
    let observed = WorkflowHost(workflow: APIParent(), observers: [APIObserver()])
    let debugged = WorkflowHost(workflow: APIParent(), debugger: APIDebugger())
    let full = WorkflowHost(workflow: APIParent(), observers: [APIObserver(), APIObserver()], debugger: APIDebugger())
    let erased = WorkflowHost(workflow: APICounter(step: 1).asAnyWorkflow())
    plain.update(workflow: APIParent())
    _ = (plain.rendering.labels, observed, debugged, full, erased.rendering.count)

    let configured = Runtime.withConfiguration(override: { $0.renderOnlyIfStateChanged = true }) {
        WorkflowHost(workflow: APIParent())
    }
    let unchanged = Runtime.withConfiguration {
        WorkflowHost(workflow: APIParent())
    }
    _ = (configured, unchanged, Runtime.Configuration() == Runtime.Configuration())
}

/// Compiled, never called: a second `bootstrap` is a fatal error.
@MainActor
private func bootstrapping() {
    Runtime.bootstrap { configuration in
        configuration.renderOnlyIfStateChanged = true
    }
}

// MARK: Observation and debugging

/// Implements every hook, with upstream's signatures.
private struct APIObserver: WorkflowObserver {
    func sessionDidBegin(_ session: WorkflowSession) {
        _ = (session.workflowType, session.renderKey, session.sessionID, session.parent?.sessionID)
    }

    func sessionDidEnd(_ session: WorkflowSession) {
        let ids: Set<WorkflowSession.Identifier> = [session.sessionID]
        _ = ids
    }

    func workflowDidMakeInitialState<WorkflowType: Workflow>(
        _ workflow: WorkflowType,
        initialState: WorkflowType.State,
        session: WorkflowSession
    ) {}

    func workflowWillRender<WorkflowType: Workflow>(
        _ workflow: WorkflowType,
        state: WorkflowType.State,
        session: WorkflowSession
    ) -> ((WorkflowType.Rendering) -> Void)? {
        { _ in }
    }

    func workflowDidChange<WorkflowType: Workflow>(
        from oldWorkflow: WorkflowType,
        to newWorkflow: WorkflowType,
        state: WorkflowType.State,
        session: WorkflowSession
    ) {}

    func workflowDidReceiveAction<Action: WorkflowAction>(
        _ action: Action,
        workflow: Action.WorkflowType,
        session: WorkflowSession
    ) {}

    func workflowWillApplyAction<Action: WorkflowAction>(
        _ action: Action,
        workflow: Action.WorkflowType,
        state: Action.WorkflowType.State,
        session: WorkflowSession
    ) -> ((Action.WorkflowType.State, Action.WorkflowType.Output?) -> Void)? {
        { _, _ in }
    }
}

/// Relies on every hook's default.
private struct APIQuietObserver: WorkflowObserver {}

private final class APIDebugger: WorkflowDebugger {
    var snapshots: [WorkflowHierarchyDebugSnapshot] = []
    var updates: [WorkflowUpdateDebugInfo] = []

    func didEnterInitialState(snapshot: WorkflowHierarchyDebugSnapshot) {
        snapshots.append(snapshot)
    }

    func didUpdate(snapshot: WorkflowHierarchyDebugSnapshot, updateInfo: WorkflowUpdateDebugInfo) {
        snapshots.append(snapshot)
        updates.append(updateInfo)
    }
}

private func debugValues(_ snapshot: WorkflowHierarchyDebugSnapshot, _ info: WorkflowUpdateDebugInfo) throws {
    let type: String = snapshot.workflowType
    let state: String = snapshot.stateDescription
    let children: [WorkflowHierarchyDebugSnapshot.Child] = snapshot.children
    _ = (type, state, children.map { ($0.key, $0.snapshot) }, snapshot == snapshot)

    let infoType: String = info.workflowType
    switch info.kind {
    case let .didUpdate(source):
        switch source {
        case .external, .worker, .sideEffect: break
        case let .subtree(inner): _ = inner
        }
    case let .childDidUpdate(inner):
        _ = inner
    }
    _ = infoType

    let data = try JSONEncoder().encode(info)
    _ = try JSONDecoder().decode(WorkflowUpdateDebugInfo.self, from: data)
    _ = try JSONDecoder().decode(WorkflowHierarchyDebugSnapshot.self, from: JSONEncoder().encode(snapshot))
    _ = try JSONEncoder().encode(WorkflowUpdateDebugInfo.Kind.didUpdate(source: .external))
    _ = try JSONEncoder().encode(WorkflowUpdateDebugInfo.Source.sideEffect)
}

private struct APIInterceptor: ObserversInterceptor {
    func workflowObservers(for initialObservers: [WorkflowObserver]) -> [WorkflowObserver] {
        initialObservers + [APIQuietObserver()]
    }
}

private func globalObservation() {
    WorkflowObservation.sharedObserversInterceptor = APIInterceptor()
    _ = WorkflowObservation.sharedObserversInterceptor.workflowObservers(for: [])
    WorkflowObservation.sharedObserversInterceptor = nil
}

// MARK: Logging

private func logging() {
    WorkflowLogging.enabled = true
    WorkflowLogging.config = .debug
    WorkflowLogging.config = .rootRendersAndActions
    var config: WorkflowLogging.Config = WorkflowLogging.config
    config.renderLoggingMode = .none
    config.renderLoggingMode = .rootsOnly
    config.renderLoggingMode = .allNodes
    config.logLifetimes = false
    config.logActions = false
    WorkflowLogging.config = config
    _ = (WorkflowLogging.enabled, WorkflowLogging.isOSLoggingAllowed)
}

// MARK: Tests, so the target runs

@MainActor
@Suite("Workflow API compatibility")
struct WorkflowAPITests {
    @Test("a tree written the upstream way renders, and its sinks drive it")
    func upstreamStyleTreeRuns() {
        let debugger = APIDebugger()
        let host = WorkflowHost(workflow: APIParent(), observers: [APIObserver(), APIQuietObserver()], debugger: debugger)
        var outputs: [APIParent.Output] = []
        let observation = host.observeOutputs { outputs.append($0) }
        defer { observation.cancel() }

        #expect(host.rendering.labels == ["a", "b", "converted", "C", "d"])
        #expect(host.rendering.numbers == [1, 2, 1, 0, 0])
        #expect(host.rendering.sameContext)

        host.rendering.counter.onIncrement()
        host.rendering.counter.onIncrement()
        #expect(host.rendering.counter.count == 2)
        host.rendering.counter.onReport()
        host.rendering.events.send(5)
        host.rendering.contextEvents.send(1)
        host.rendering.mutate.send(\.total, value: 10)
        host.rendering.mutate.send { $0.flag = true }
        host.rendering.finish.send(.finish)
        #expect(outputs.count == 1)
        #expect(debugger.snapshots.first?.workflowType == "APIParent")
        try? debugValues(debugger.snapshots.last!, debugger.updates.last!)
    }

    @Test("a context held weakly by a view model is released after its render, and contexts compare with ===")
    func weakContextHolder() {
        let workflow = APIParent()
        let host = WorkflowHost(workflow: workflow)
        #expect(host.rendering.sameContext)
        #expect(workflow.holder.context == nil)
    }

    @Test("a shared observers interceptor sees the observers of each new host")
    func interceptorSeesObservers() {
        final class Counting: ObserversInterceptor {
            var calls: [Int] = []
            func workflowObservers(for initialObservers: [WorkflowObserver]) -> [WorkflowObserver] {
                calls.append(initialObservers.count)
                return initialObservers
            }
        }
        let interceptor = Counting()
        WorkflowObservation.sharedObserversInterceptor = interceptor
        defer { WorkflowObservation.sharedObserversInterceptor = nil }
        _ = WorkflowHost(workflow: APILabel(text: "x"), observers: [APIQuietObserver(), APIQuietObserver()])
        #expect(interceptor.calls == [2])
    }
}
