import Dispatch
import Foundation
import Testing
import Workflow
import WorkflowDiagnostics
import WorkflowHostHarness

// Misuse: each case of the misuse table in the runtime rules has one
// defined behaviour, the same on every runtime: a fatal error whose message
// names what went wrong (exit tests, one child process per runtime), or a
// defined outcome checked in place. Type and key names are distinctive so
// that the message checks mean something.

private func standardError(_ result: ExitTest.Result?) -> String {
    String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
}

// MARK: A context kept past its host

nonisolated(unsafe) private var keptOkapiContext: RenderContext<ContextOutlivesHostOkapi>?

/// Keeps the context of its first render ever.
private struct ContextOutlivesHostOkapi: Workflow {
    typealias State = Void

    func render(state: Void, context: RenderContext<ContextOutlivesHostOkapi>) -> String {
        if keptOkapiContext == nil {
            keptOkapiContext = context
        }
        return "okapi"
    }
}

// MARK: A context kept for a later pass

nonisolated(unsafe) private var firstPassIbisContext: RenderContext<LaterPassIbis>?

/// Keeps its first pass's context and uses it in the next pass.
private struct LaterPassIbis: Workflow {
    func makeInitialState() -> Int { 0 }

    func render(state: Int, context: RenderContext<LaterPassIbis>) -> Sink<AnyWorkflowAction<LaterPassIbis>> {
        if state == 0 {
            firstPassIbisContext = context
        } else {
            _ = firstPassIbisContext?.makeSink(of: AnyWorkflowAction<LaterPassIbis>.self)
        }
        return context.makeSink(of: AnyWorkflowAction<LaterPassIbis>.self)
    }
}

// MARK: A parent's context used by a child

nonisolated(unsafe) private var lentGnuContext: RenderContext<ContextLendingParentGnu>?

private struct ContextLendingParentGnu: Workflow {
    typealias State = Void

    func render(state: Void, context: RenderContext<ContextLendingParentGnu>) -> String {
        lentGnuContext = context
        return BorrowingChildMarmot().rendered(in: context, key: "marmot-key-3")
    }
}

private struct BorrowingChildMarmot: Workflow {
    typealias State = Void

    func render(state: Void, context: RenderContext<BorrowingChildMarmot>) -> String {
        _ = lentGnuContext?.makeSink(of: AnyWorkflowAction<ContextLendingParentGnu>.self)
        return "marmot"
    }
}

// MARK: An apply that starts another host's cascade

nonisolated(unsafe) private var lynxSink: Sink<AnyWorkflowAction<NestedTargetLynx>>?

private struct NestedTargetLynx: Workflow {
    func makeInitialState() -> Int { 0 }

    func render(state: Int, context: RenderContext<NestedTargetLynx>) -> Int {
        lynxSink = context.makeSink(of: AnyWorkflowAction<NestedTargetLynx>.self)
        return state
    }
}

private struct NestedSenderPuma: Workflow {
    var secret = 3

    func makeInitialState() -> Int { 0 }

    func render(state: Int, context: RenderContext<NestedSenderPuma>) -> Sink<SendToLynxThenRead> {
        context.makeSink(of: SendToLynxThenRead.self)
    }
}

/// Sends to the other host first, then reads its own context.
private struct SendToLynxThenRead: WorkflowAction {
    typealias WorkflowType = NestedSenderPuma

    func apply(toState state: inout Int, context: ApplyContext<NestedSenderPuma>) -> Never? {
        lynxSink?.send(AnyWorkflowAction { (count: inout Int) -> Never? in
            count += 1
            return nil
        })
        state = context[workflowValue: \.secret]
        return nil
    }
}

// MARK: A side-effect key not equal to itself

/// Runs a side effect under `Double.nan` in every pass, twice in the
/// second, and logs when each starts and ends.
private struct NaNKeyTamarin: Workflow {
    func makeInitialState() -> Int { 0 }

    func render(state: Int, context: RenderContext<NaNKeyTamarin>) -> Sink<AnyWorkflowAction<NaNKeyTamarin>> {
        for copy in 0..<(state == 1 ? 2 : 1) {
            let name = "\(state).\(copy)"
            context.runSideEffect(key: Double.nan) { lifetime in
                MainActor.assumeIsolated { NaNKeyLog.events.append("start \(name)") }
                lifetime.onEnded { MainActor.assumeIsolated { NaNKeyLog.events.append("end \(name)") } }
            }
        }
        return context.makeSink(of: AnyWorkflowAction<NaNKeyTamarin>.self)
    }
}

@MainActor
private enum NaNKeyLog {
    static var events: [String] = []
}

// MARK: A tree deeper than the stack

/// A chain of `remaining` nodes, each rendering the next under a key of its
/// own depth.
private struct EndlessChainSalamander: Workflow {
    var remaining: Int

    typealias State = Void

    func render(state: Void, context: RenderContext<EndlessChainSalamander>) -> Int {
        remaining == 0 ? 0 : 1 + EndlessChainSalamander(remaining: remaining - 1).rendered(in: context, key: "level-\(remaining - 1)")
    }
}

/// Sixteen of a value: nested three deep around a pair of words, 64 KiB.
private typealias Sixteen<T> = (T, T, T, T, T, T, T, T, T, T, T, T, T, T, T, T)
private typealias SixtyFourKiB = Sixteen<Sixteen<Sixteen<(UInt64, UInt64)>>>

private func sixteen<T>(_ value: T) -> Sixteen<T> {
    (value, value, value, value, value, value, value, value, value, value, value, value, value, value, value, value)
}

/// Writes a byte on every page of `bytes`, so that the buffer is really
/// there (out of line: the optimizer cannot see it is only scribbling).
@inline(never)
private func scribble(on bytes: UnsafeMutableRawBufferPointer, _ seed: Int) {
    for offset in stride(from: 0, to: bytes.count, by: 4096) {
        bytes[offset] &+= UInt8(truncatingIfNeeded: seed &+ offset)
    }
}

/// A chain like `EndlessChainSalamander` whose render keeps 64 KiB of its
/// own on the stack while its child renders: a render with a large local.
private struct FatFrameChainMarmot: Workflow {
    var remaining: Int

    typealias State = Void

    func render(state: Void, context: RenderContext<FatFrameChainMarmot>) -> Int {
        var scratch: SixtyFourKiB = sixteen(sixteen(sixteen((UInt64(remaining), 0))))
        withUnsafeMutableBytes(of: &scratch) { scribble(on: $0, remaining) }
        let below = remaining == 0 ? 0 : 1 + FatFrameChainMarmot(remaining: remaining - 1).rendered(in: context, key: "fat-\(remaining - 1)")
        // Read after the child rendered: the buffer lives across that call.
        return withUnsafeMutableBytes(of: &scratch) { below + Int($0[4096 * Int(remaining & 15)] & 1) }
    }
}

// MARK: Props and state of a class type

/// Props of a class type: the parent passes the same object, changed in place.
private final class MutableLabelHeron: Workflow, Equatable {
    var label: String

    init(label: String) {
        self.label = label
    }

    typealias State = Void

    func render(state: Void, context: RenderContext<MutableLabelHeron>) -> String { label }

    static func == (lhs: MutableLabelHeron, rhs: MutableLabelHeron) -> Bool { lhs.label == rhs.label }
}

private struct HeronParent: Workflow {
    var heron: MutableLabelHeron
    var generation: Int

    typealias State = Void

    func render(state: Void, context: RenderContext<HeronParent>) -> String {
        heron.rendered(in: context)
    }
}

/// State of a class type, changed in place by an action.
private final class CounterBox: Equatable {
    var count = 0

    static func == (lhs: CounterBox, rhs: CounterBox) -> Bool { lhs.count == rhs.count }
}

private struct BoxedCounterWombat: Workflow {
    func makeInitialState() -> CounterBox { CounterBox() }

    func render(state: CounterBox, context: RenderContext<BoxedCounterWombat>) -> (Int, Sink<AnyWorkflowAction<BoxedCounterWombat>>) {
        (state.count, context.makeSink(of: AnyWorkflowAction<BoxedCounterWombat>.self))
    }
}

// MARK: Another queue

private struct OffQueueCapybara: Workflow {
    func makeInitialState() -> Int { 0 }

    func render(state: Int, context: RenderContext<OffQueueCapybara>) -> Sink<AnyWorkflowAction<OffQueueCapybara>> {
        context.makeSink(of: AnyWorkflowAction<OffQueueCapybara>.self)
    }
}

private struct OffQueueParentAgouti: Workflow {
    typealias State = Void

    func render(state: Void, context: RenderContext<OffQueueParentAgouti>) -> Sink<AnyWorkflowAction<OffQueueCapybara>> {
        OffQueueCapybara().rendered(in: context, key: "capybara-key-8")
    }
}

/// What each use from another queue does, inside an exit test.
enum OffQueueUse: String, CaseIterable, Codable, Sendable {
    case send, create, update, release, cancel
    case readRendering, observeRenderings, observeOutputs, renderings, outputs, renderTrace, lastRenderPass

    /// What R22's message says was done, beside the workflow type.
    var use: String? {
        switch self {
        case .send, .create, .update, .release, .cancel: nil
        case .readRendering: "The rendering of"
        case .observeRenderings: "observeRenderings(_:) was called"
        case .observeOutputs: "observeOutputs(_:) was called"
        case .renderings: "renderings of"
        case .outputs: "outputs of"
        case .renderTrace: "renderTrace of"
        case .lastRenderPass: "lastRenderPass of"
        }
    }
}

@MainActor
@Suite("Misuse")
struct MisuseTests {
    @Test("R5: a RenderContext kept past its host traps when used, even after a new host of the same type rendered", arguments: RuntimeKind.allCases)
    func contextPastItsHost(kind: RuntimeKind) async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) { [kind] in
            await MainActor.run {
                var host: TestHost<ContextOutlivesHostOkapi>? = TestHost(kind, ContextOutlivesHostOkapi())
                print(host!.rendering)
                host!.release()
                host = nil
                let other = TestHost(kind, ContextOutlivesHostOkapi())
                print(other.rendering)
                _ = keptOkapiContext?.makeSink(of: AnyWorkflowAction<ContextOutlivesHostOkapi>.self)
            }
        }
        let message = standardError(result)
        #expect(message.contains("RenderContext"))
        #expect(message.contains("ContextOutlivesHostOkapi"))
    }

    @Test("R5: a RenderContext kept from one pass traps when used in the node's next pass", arguments: RuntimeKind.allCases)
    func contextInALaterPass(kind: RuntimeKind) async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) { [kind] in
            await MainActor.run {
                let host = TestHost(kind, LaterPassIbis())
                host.rendering.send(AnyWorkflowAction { (count: inout Int) -> Never? in
                    count += 1
                    return nil
                })
            }
        }
        #expect(standardError(result).contains("LaterPassIbis"))
    }

    @Test("R5: a parent's RenderContext used while its child renders traps, naming the parent", arguments: RuntimeKind.allCases)
    func parentContextDuringChildRender(kind: RuntimeKind) async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) { [kind] in
            await MainActor.run {
                let host = TestHost(kind, ContextLendingParentGnu())
                print(host.rendering)
            }
        }
        let message = standardError(result)
        #expect(message.contains("RenderContext"))
        #expect(message.contains("ContextLendingParentGnu"))
    }

    @Test("R17: an apply that sends to another host's sink reads its own ApplyContext afterwards", arguments: RuntimeKind.allCases)
    func applyContextAfterNestedCascade(kind: RuntimeKind) async {
        // An exit test so that a trap fails this test alone.
        let result = await #expect(processExitsWith: .success, observing: [\.standardOutputContent]) { [kind] in
            await MainActor.run {
                let other = TestHost(kind, NestedTargetLynx())
                let host = TestHost(kind, NestedSenderPuma())
                host.rendering.send(SendToLynxThenRead())
                print("other \(other.rendering)")
            }
        }
        let output = String(decoding: result?.standardOutputContent ?? [], as: UTF8.self)
        #expect(output.contains("other 1"))
    }

    @Test("R11: a side-effect key not equal to itself starts anew in every pass, the previous one ending after it, as upstream's", arguments: RuntimeKind.allCases)
    func sideEffectKeyNotEqualToItself(kind: RuntimeKind) {
        NaNKeyLog.events = []
        var host: TestHost<NaNKeyTamarin>? = TestHost(kind, NaNKeyTamarin())
        let next = AnyWorkflowAction<NaNKeyTamarin> { (state: inout Int) -> Never? in
            state += 1
            return nil
        }
        host!.rendering.send(next)
        host!.rendering.send(next)
        host = nil
        #expect(NaNKeyLog.events == [
            "start 0.0",
            "start 1.0", "start 1.1", "end 0.0",
            "start 2.0", "end 1.0", "end 1.1",
            "end 2.0",
        ])
    }

    @Test("R4: a tree too deep for the stack stops with a message naming the type, the key and the depth, before the stack overflows", arguments: RuntimeKind.allCases)
    func treeTooDeepForTheStack(kind: RuntimeKind) async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) { [kind] in
            await MainActor.run {
                let host = TestHost(kind, EndlessChainSalamander(remaining: 10_000_000))
                print(host.rendering)
            }
        }
        let message = standardError(result)
        #expect(message.contains("too deep for this thread's stack: EndlessChainSalamander (key \"level-"))
        #expect(message.contains("would render at depth"))
    }

    @Test("R4: a chain whose renders keep 64 KiB each on the stack stops with the message naming type, key and depth, before the stack overflows", arguments: RuntimeKind.allCases)
    func fatFramesTooDeepForTheStack(kind: RuntimeKind) async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) { [kind] in
            await MainActor.run {
                let host = TestHost(kind, FatFrameChainMarmot(remaining: 10_000_000))
                print(host.rendering)
            }
        }
        let message = standardError(result)
        #expect(message.contains("too deep for this thread's stack: FatFrameChainMarmot (key \"fat-"))
        #expect(message.contains("would render at depth"))
    }

    @Test("R4: a chain of 20 nodes whose renders keep 64 KiB each on the stack renders", arguments: RuntimeKind.allCases)
    @MainActor
    func fatFramesChainOfTwenty(kind: RuntimeKind) {
        let host = TestHost(kind, FatFrameChainMarmot(remaining: 20))
        #expect(host.rendering == 20)
    }

    @Test("R4: a chain of 200 nodes renders, far from the stack's end (also in the sanitizers' debug builds, whose frames are far larger)", arguments: RuntimeKind.allCases)
    @MainActor
    func chainOfTwoHundred(kind: RuntimeKind) {
        let host = TestHost(kind, EndlessChainSalamander(remaining: 200))
        #expect(host.rendering == 200)
    }

    @Test("S2: props of a class type changed in place render again; skipping never shows the old value", arguments: RuntimeKind.allCases)
    func classPropsChangedInPlace(kind: RuntimeKind) {
        let heron = MutableLabelHeron(label: "before")
        let host = TestHost(kind, HeronParent(heron: heron, generation: 0))
        #expect(host.rendering == "before")
        heron.label = "after"
        host.update(workflow: HeronParent(heron: heron, generation: 1))
        #expect(host.rendering == "after")
    }

    @Test("S1: state of a class type changed in place by an action renders again", arguments: RuntimeKind.allCases)
    func classStateChangedInPlace(kind: RuntimeKind) {
        let host = TestHost(kind, BoxedCounterWombat())
        #expect(host.rendering.0 == 0)
        host.rendering.1.send(AnyWorkflowAction { (box: inout CounterBox) -> Never? in
            box.count += 1
            return nil
        })
        #expect(host.rendering.0 == 1)
    }

    @Test(
        "R22: a send, a host's creation, update or release, an observation's cancel, reading its rendering, observing it, its streams or its trace from another queue stops the program, naming the workflow type (and the sink's key)",
        arguments: RuntimeKind.allCases, OffQueueUse.allCases
    )
    func offTheMainQueue(kind: RuntimeKind, use: OffQueueUse) async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) { [kind, use] in
            await MainActor.run {
                var host: TestHost<OffQueueParentAgouti>? = TestHost(kind, OffQueueParentAgouti())
                let sink = host!.rendering
                let observation = host!.observeRenderings { _ in }
                let heldHost = host
                host = nil
                DispatchQueue.global().sync {
                    switch use {
                    case .send:
                        sink.send(.noAction)
                    case .create:
                        _ = TestHost(kind, OffQueueParentAgouti())
                    case .update:
                        heldHost!.update(workflow: OffQueueParentAgouti())
                    case .release:
                        heldHost!.release()
                    case .cancel:
                        observation.cancel()
                    case .readRendering:
                        _ = heldHost!.rendering
                    case .observeRenderings:
                        _ = heldHost!.observeRenderings { _ in }
                    case .observeOutputs:
                        _ = heldHost!.observeOutputs { _ in }
                    case .renderings:
                        _ = heldHost!.renderings
                    case .outputs:
                        _ = heldHost!.outputs
                    case .renderTrace:
                        _ = heldHost!.renderTrace
                    case .lastRenderPass:
                        _ = heldHost!.lastRenderPass
                    }
                }
                withExtendedLifetime(heldHost) {}
            }
        }
        let message = standardError(result)
        #expect(message.contains("main queue"))
        #expect(message.contains(use == .send ? "OffQueueCapybara" : "OffQueueParentAgouti") || use == .cancel)
        if use == .send {
            #expect(message.contains("capybara-key-8"))
        }
        if let what = use.use {
            #expect(message.contains(what))
        }
    }
}
