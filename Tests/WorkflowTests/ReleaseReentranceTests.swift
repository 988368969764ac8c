import Testing
import Workflow
import WorkflowHostHarness

// R24: a value the runtime lets go of may hold the last reference to an
// object whose deinit re-enters the runtime. Each place a value is let go of
// (`Holder`) meets each thing a deinit may do (`Reentry`), on every runtime:
// the outcome is the defined one, and nothing reads freed memory (the
// AddressSanitizer run and the exclusivity-checked build run these too).

/// Where the object lives when its last reference goes.
enum Holder: String, CaseIterable, Sendable, CustomTestStringConvertible {
    /// The root's rendering, replaced by a cascade's render pass.
    case rendering
    /// The root's workflow value, replaced by `update(workflow:)`.
    case workflowValue
    /// The root's state, replaced in `workflowDidChange`.
    case state
    /// A root output, once it reached the output observers.
    case output
    /// An `onEnded` closure of a side effect that a pass no longer asks for.
    case onEnded
    /// The closure of an observation that is cancelled.
    case observerClosure
    /// The closure of a sink the rendering holds.
    case sinkClosure
    /// The workflow value of a child that ends, whose rendering its parent
    /// drops: it goes with the child's values, inside the render pass.
    case endedChild

    var testDescription: String { rawValue }
}

/// What the deinit does.
enum Reentry: String, CaseIterable, Sendable, CustomTestStringConvertible {
    case send, update, cancelObservation, releaseHost

    var testDescription: String { rawValue }
}

/// Runs `onDeinit` when it goes.
final class DeinitProbe {
    private let onDeinit: () -> Void

    init(_ onDeinit: @escaping () -> Void) {
        self.onDeinit = onDeinit
    }

    deinit {
        onDeinit()
    }
}

/// What the probes reach: the host, the root's sink, an observation.
@MainActor
private enum Reentrance {
    static var host: TestHost<ProbeRootLemur>?
    static var counted: HostObservation?
    static var countedRenderings = 0
    static var deinits = 0
    static var lifeEnded = 0

    /// Each reads its static into a local first: the deinit it sets off may
    /// write the same static, and an access must not overlap another.
    static func reset() {
        let released = (host, counted)
        host = nil
        counted = nil
        withExtendedLifetime(released) {}
        countedRenderings = 0
        deinits = 0
        lifeEnded = 0
    }

    /// The probe for `reentry`: what its deinit does.
    static func probe(_ reentry: Reentry) -> DeinitProbe {
        DeinitProbe {
            MainActor.assumeIsolated {
                deinits += 1
                let host = host, counted = counted
                switch reentry {
                case .send: host?.rendering.sink.send(.increment)
                case .update: host?.update(workflow: ProbeRootLemur(marker: 99))
                case .cancelObservation: counted?.cancel()
                case .releaseHost:
                    Reentrance.host = nil
                    host?.release()
                }
            }
        }
    }
}

/// A root that holds a probe wherever the test asks.
private struct ProbeRootLemur: Workflow {
    var marker = 0
    var props: DeinitProbe?
    /// `workflowDidChange` lets go of the state's probe.
    var dropsStateProbe = false

    struct State {
        var count = 0
        var inState: DeinitProbe?
        var inRendering: DeinitProbe?
        var inOnEnded: DeinitProbe?
        var inOutput: DeinitProbe?
        var inSinkClosure: DeinitProbe?
        var inChild: DeinitProbe?
    }

    struct Rendering {
        var marker: Int
        var count: Int
        var sink: Sink<ProbeAction>
        var held: DeinitProbe?
        var probeSink: Sink<Int>?
    }

    typealias Output = DeinitProbe?

    func makeInitialState() -> State { State() }

    func workflowDidChange(from previousWorkflow: ProbeRootLemur, state: inout State) {
        if dropsStateProbe {
            state.inState = nil
        }
    }

    func render(state: State, context: RenderContext<ProbeRootLemur>) -> Rendering {
        context.runSideEffect(key: "life") { lifetime in
            lifetime.onEnded { MainActor.assumeIsolated { Reentrance.lifeEnded += 1 } }
        }
        if let probe = state.inOnEnded {
            context.runSideEffect(key: "probe") { lifetime in
                lifetime.onEnded { _ = probe }
            }
        }
        if let probe = state.inChild {
            // Its rendering is dropped: only the child holds the probe.
            ProbeChildTarsier(probe: probe).rendered(in: context, key: "tarsier")
        }
        let sink = context.makeSink(of: ProbeAction.self)
        let probeSink = state.inSinkClosure.map { probe in sink.contraMap { (_: Int) in _ = probe; return ProbeAction.increment } }
        return Rendering(marker: marker, count: state.count, sink: sink, held: state.inRendering, probeSink: probeSink)
    }
}

private enum ProbeAction: WorkflowAction {
    typealias WorkflowType = ProbeRootLemur

    case increment
    /// Puts a new probe where `Holder` says.
    case setProbe(Holder, Reentry)
    case dropRenderingProbe, dropOnEndedProbe, emitProbe, dropSinkProbe, dropChild

    func apply(toState state: inout ProbeRootLemur.State, context: ApplyContext<ProbeRootLemur>) -> DeinitProbe?? {
        switch self {
        case .increment:
            state.count += 1
        case let .setProbe(holder, reentry):
            let probe = MainActor.assumeIsolated { Reentrance.probe(reentry) }
            switch holder {
            case .state: state.inState = probe
            case .rendering: state.inRendering = probe
            case .onEnded: state.inOnEnded = probe
            case .output: state.inOutput = probe
            case .sinkClosure: state.inSinkClosure = probe
            case .endedChild: state.inChild = probe
            case .workflowValue, .observerClosure: break
            }
        case .dropRenderingProbe:
            state.inRendering = nil
        case .dropOnEndedProbe:
            state.inOnEnded = nil
        case .emitProbe:
            defer { state.inOutput = nil }
            return .some(state.inOutput)
        case .dropSinkProbe:
            state.inSinkClosure = nil
        case .dropChild:
            state.inChild = nil
        }
        return nil
    }
}

/// A child whose workflow value holds a probe.
private struct ProbeChildTarsier: Workflow {
    var probe: DeinitProbe
    typealias State = Void

    func render(state: Void, context: RenderContext<ProbeChildTarsier>) -> Int { 0 }
}

@MainActor
@Suite("Re-entrance through deinit")
struct ReleaseReentranceTests {
    @Test(
        "R24: an object whose last reference the runtime lets go of may send, update, cancel an observation or release the host from its deinit",
        arguments: Holder.allCases, Reentry.allCases
    )
    func deinitReentersRuntime(holder: Holder, reentry: Reentry) {
        // The side effect's and the ended child's probes go inside the
        // render pass, where an update is a fatal error (R19); the exit
        // test below checks that.
        if holder == .onEnded || holder == .endedChild, reentry == .update { return }
        for kind in RuntimeKind.allCases {
            check(kind, holder: holder, reentry: reentry)
        }
    }

    private func check(_ kind: RuntimeKind, holder: Holder, reentry: Reentry) {
        Reentrance.reset()
        defer { Reentrance.reset() }
        // Made in place: a local would hold the workflow value's probe too.
        let host = TestHost(kind, holder == .workflowValue ? ProbeRootLemur(props: Reentrance.probe(reentry)) : ProbeRootLemur())
        Reentrance.host = host
        Reentrance.counted = host.observeRenderings { _ in Reentrance.countedRenderings += 1 }
        var outputs: HostObservation? = host.observeOutputs { _ in }
        var probed: HostObservation?
        if holder == .observerClosure {
            let probe = Reentrance.probe(reentry)
            probed = host.observeRenderings { _ in _ = probe }
        }
        host.rendering.sink.send(.increment)
        switch holder {
        case .rendering, .state, .onEnded, .output, .sinkClosure, .endedChild:
            host.rendering.sink.send(.setProbe(holder, reentry))
        case .workflowValue, .observerClosure:
            break
        }
        #expect(Reentrance.deinits == 0, "\(kind): the probe went too early")

        // Lets go of the probe's last holder.
        switch holder {
        case .rendering: host.rendering.sink.send(.dropRenderingProbe)
        case .workflowValue: host.update(workflow: ProbeRootLemur())
        case .state: host.update(workflow: ProbeRootLemur(dropsStateProbe: true))
        case .output: host.rendering.sink.send(.emitProbe)
        case .onEnded: host.rendering.sink.send(.dropOnEndedProbe)
        case .observerClosure: probed?.cancel(); probed = nil
        case .sinkClosure: host.rendering.sink.send(.dropSinkProbe)
        case .endedChild: host.rendering.sink.send(.dropChild)
        }
        #expect(Reentrance.deinits == 1, "\(kind): the probe's deinit did not run once")

        switch reentry {
        case .send:
            // Handled after the cascade that let the probe go (R15).
            #expect(host.rendering.count == 2, "\(kind)")
        case .update:
            // After the cascade too (R19).
            #expect(host.rendering.marker == 99, "\(kind)")
        case .cancelObservation:
            host.rendering.sink.send(.increment)
            let counted = Reentrance.countedRenderings
            host.rendering.sink.send(.increment)
            #expect(Reentrance.countedRenderings == counted, "\(kind): a cancelled observation was called")
            #expect(host.rendering.count == 3, "\(kind)")
        case .releaseHost:
            // The tree ended once the cascade, if any, unwound (R10).
            #expect(Reentrance.lifeEnded == 1, "\(kind): the host's side effect did not end")
        }
        if reentry != .releaseHost {
            #expect(Reentrance.lifeEnded == 0, "\(kind)")
        }
        outputs?.cancel()
        outputs = nil
        withExtendedLifetime(probed) {}
    }
}

// MARK: The observer that holds its host

/// A root with a side effect whose end the test can see.
private struct ObservedMarten: Workflow {
    typealias Output = Int
    typealias State = Void

    func render(state: Void, context: RenderContext<ObservedMarten>) -> String {
        context.runSideEffect(key: "marten") { lifetime in
            lifetime.onEnded { MainActor.assumeIsolated { Reentrance.lifeEnded += 1 } }
        }
        return "marten"
    }
}

// MARK: Sends during a render pass

@MainActor
private enum PassSends {
    /// How many renders of the parent still send to the child.
    static var sendsLeft = 0
}

/// Renders a counter child, then sends to the child's sink from its own
/// render: the child's render is over by then, so the send waits (R15).
private struct SendingParentFossa: Workflow {
    typealias State = Void

    func render(state: Void, context: RenderContext<SendingParentFossa>) -> String {
        let child = Node("fossa-child").rendered(in: context, key: "fossa-child", outputMap: { _ in AnyWorkflowAction<SendingParentFossa>.noAction })
        MainActor.assumeIsolated {
            if PassSends.sendsLeft > 0 {
                PassSends.sendsLeft -= 1
                child.send(.increment, to: "fossa-child")
            }
        }
        return child.text
    }
}

// MARK: An update from a deinit inside a render pass

@MainActor
private enum InPassUpdate {
    static var host: TestHost<UpdatingOnEndedWalrus>?
}

/// Holds a probe in its side effect's `onEnded` until the state turns 1; the
/// probe's deinit then calls `update(workflow:)` inside the render pass.
private struct UpdatingOnEndedWalrus: Workflow {
    var marker = 0

    func makeInitialState() -> Int { 0 }

    func render(state: Int, context: RenderContext<UpdatingOnEndedWalrus>) -> Sink<AnyWorkflowAction<UpdatingOnEndedWalrus>> {
        if state == 0 {
            context.runSideEffect(key: "walrus-effect") { lifetime in
                let probe = DeinitProbe {
                    MainActor.assumeIsolated { InPassUpdate.host?.update(workflow: UpdatingOnEndedWalrus(marker: 1)) }
                }
                lifetime.onEnded { _ = probe }
            }
        }
        return context.makeSink(of: AnyWorkflowAction<UpdatingOnEndedWalrus>.self)
    }
}

@MainActor
@Suite("Re-entrance through deinit: hosts and passes")
struct ReleaseReentranceHostTests {
    @Test(
        "R24: an observation whose closure holds the last reference to its host ends the host cleanly when cancelled or released",
        arguments: RuntimeKind.allCases, [true, false]
    )
    func observationHoldsItsHost(kind: RuntimeKind, cancels: Bool) {
        Reentrance.reset()
        var observation: HostObservation? = {
            let host = kind.makeHost(ObservedMarten())
            return host.observeOutputs { _ in _ = host }
        }()
        #expect(Reentrance.lifeEnded == 0)
        if cancels {
            observation?.cancel()
        }
        observation = nil
        #expect(Reentrance.lifeEnded == 1, "the host's tree did not end")
    }

    @Test("R15: a render that sends to a child that rendered already in its pass is handled after the cascade", arguments: RuntimeKind.allCases)
    func sendToRenderedNodeIsQueued(kind: RuntimeKind) {
        PassSends.sendsLeft = 1
        let host = TestHost(kind, SendingParentFossa())
        // The first render's send ran once the host was set up.
        #expect(host.rendering == "fossa-child:1")
        PassSends.sendsLeft = 1
        host.update(workflow: SendingParentFossa())
        #expect(host.rendering == "fossa-child:2")
        #expect(PassSends.sendsLeft == 0)
    }
}

@Suite("Re-entrance through deinit: fatal")
struct ReleaseReentranceFatalTests {
    @Test(
        "R19, R24: an update(workflow:) from a deinit that an ended side effect's onEnded runs inside the render pass is fatal, naming the type",
        arguments: RuntimeKind.allCases
    )
    func updateFromDeinitInsidePass(kind: RuntimeKind) async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) { [kind] in
            await MainActor.run {
                let host = TestHost(kind, UpdatingOnEndedWalrus())
                InPassUpdate.host = host
                host.rendering.send(AnyWorkflowAction { (state: inout Int) -> Never? in
                    state = 1
                    return nil
                })
                print("survived")
            }
        }
        let message = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(message.contains("UpdatingOnEndedWalrus"))
        #expect(message.contains("update(workflow:)"))
    }
}

// MARK: Sends from the host's setup

@MainActor
private enum SetupSends {
    static var sink: Sink<ProbeAction>?
    static var updates = 0
}

/// Sends `increment` to the root's sink from `didEnterInitialState`, and
/// counts `didUpdate`.
private final class SendingDebugger: WorkflowDebugger {
    func didEnterInitialState(snapshot: WorkflowHierarchyDebugSnapshot) {
        MainActor.assumeIsolated { SetupSends.sink?.send(.increment) }
    }

    func didUpdate(snapshot: WorkflowHierarchyDebugSnapshot, updateInfo: WorkflowUpdateDebugInfo) {
        MainActor.assumeIsolated { SetupSends.updates += 1 }
    }
}

/// Keeps the root's sink where the debugger finds it.
private struct SetupSinkOcelot: Workflow {
    typealias State = Int
    typealias Rendering = Int

    func makeInitialState() -> Int { 0 }

    func render(state: Int, context: RenderContext<SetupSinkOcelot>) -> Int {
        let sink = context.makeSink(of: AnyWorkflowAction<SetupSinkOcelot>.self)
        MainActor.assumeIsolated {
            SetupSends.sink = sink.contraMap { _ in AnyWorkflowAction { $0 += 1; return nil } }
        }
        return state
    }
}

extension ReleaseReentranceHostTests {
    @Test("R15, R21: a send from didEnterInitialState runs its cascade at once, rendered and reported, on every runtime", arguments: RuntimeKind.allCases)
    func sendFromInitialState(kind: RuntimeKind) {
        SetupSends.updates = 0
        let host = TestHost(kind, SetupSinkOcelot(), debugger: SendingDebugger())
        #expect(host.rendering == 1)
        #expect(SetupSends.updates == 1)
        SetupSends.sink = nil
    }
}
