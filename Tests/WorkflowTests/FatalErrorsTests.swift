import Dispatch
import Foundation
import Testing
import Workflow
import WorkflowHostHarness

// Programmer errors that must stop the process with a message naming what
// went wrong: exit tests, one child process per runtime. The type and key
// names are distinctive so that the message checks mean something.

// MARK: R8

private struct UniqueChildOmega: Workflow {
    typealias State = Void

    func render(state: Void, context: RenderContext<UniqueChildOmega>) -> String { "omega" }
}

private struct DuplicateKeyParentZeta: Workflow {
    typealias State = Void

    func render(state: Void, context: RenderContext<DuplicateKeyParentZeta>) -> String {
        UniqueChildOmega().rendered(in: context, key: "dup-key-42")
            + UniqueChildOmega().rendered(in: context, key: "dup-key-42")
    }
}

// MARK: R8 with a 16 MiB key

/// A key of 16 Mi characters.
private let hugeKey = String(repeating: "k", count: 16 << 20)

private struct HugeKeyParentKestrel: Workflow {
    typealias State = Void

    func render(state: Void, context: RenderContext<HugeKeyParentKestrel>) -> String {
        UniqueChildOmega().rendered(in: context, key: hugeKey)
            + UniqueChildOmega().rendered(in: context, key: hugeKey)
    }
}

// MARK: R15

nonisolated(unsafe) private var storedQuokkaSink: Sink<AnyWorkflowAction<QuokkaSenderDuringRender>>?

/// From its second render on, sends to the sink of its previous pass.
private struct QuokkaSenderDuringRender: Workflow {
    func makeInitialState() -> Int { 0 }

    func render(state: Int, context: RenderContext<QuokkaSenderDuringRender>) -> Int {
        if state > 0 {
            storedQuokkaSink?.send(.noAction)
        }
        storedQuokkaSink = context.makeSink(of: AnyWorkflowAction<QuokkaSenderDuringRender>.self)
        return state
    }
}

private struct QuokkaParent: Workflow {
    typealias State = Void

    func render(state: Void, context: RenderContext<QuokkaParent>) -> Int {
        QuokkaSenderDuringRender().rendered(in: context, key: "quokka-key-9")
    }
}

// MARK: ApplyContext after apply

nonisolated(unsafe) private var keptApplyContext: ApplyContext<ContextKeeperPangolin>?

private struct ContextKeeperPangolin: Workflow {
    var secret = 7

    func makeInitialState() -> Int { 0 }

    func render(state: Int, context: RenderContext<ContextKeeperPangolin>) -> Sink<KeepApplyContext> {
        context.makeSink(of: KeepApplyContext.self)
    }
}

private struct KeepApplyContext: WorkflowAction {
    typealias WorkflowType = ContextKeeperPangolin

    func apply(toState state: inout Int, context: ApplyContext<ContextKeeperPangolin>) -> Never? {
        state = context[workflowValue: \.secret]
        keptApplyContext = context
        return nil
    }
}

// MARK: R5

nonisolated(unsafe) private var keptRenderContext: RenderContext<RenderContextHoarderTapir>?

private struct RenderContextHoarderTapir: Workflow {
    typealias State = Void

    func render(state: Void, context: RenderContext<RenderContextHoarderTapir>) -> String {
        keptRenderContext = context
        return "tapir"
    }
}

/// Renders the hoarder under a key of its own.
private struct TapirKeeperParent: Workflow {
    typealias State = Void

    func render(state: Void, context: RenderContext<TapirKeeperParent>) -> String {
        RenderContextHoarderTapir().rendered(in: context, key: "tapir-key-5")
    }
}

// MARK: Duplicate side effect key

private struct EffectDoublerNarwhal: Workflow {
    typealias State = Void

    func render(state: Void, context: RenderContext<EffectDoublerNarwhal>) -> String {
        context.runSideEffect(key: "effect-key-77") { _ in }
        context.runSideEffect(key: "effect-key-77") { _ in }
        return "narwhal"
    }
}

/// The standard error of an exit test, as text.
private func standardError(_ result: ExitTest.Result?) -> String {
    String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
}

@MainActor
@Suite("Fatal errors")
struct FatalErrorsTests {
    @Test("R8: the same (type, key) twice in one pass is fatal; the message names child type, key and parent type", arguments: RuntimeKind.allCases)
    func duplicateChild(kind: RuntimeKind) async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) { [kind] in
            await MainActor.run {
                let host = TestHost(kind, DuplicateKeyParentZeta())
                print(host.rendering)
            }
        }
        let message = standardError(result)
        #expect(message.contains("UniqueChildOmega"))
        #expect(message.contains("dup-key-42"))
        #expect(message.contains("DuplicateKeyParentZeta"))
    }

    @Test("R8: with a 16 MiB key, the message quotes 200 characters of it marked as cut, and still names both types and the advice", arguments: RuntimeKind.allCases)
    func duplicateChildWithHugeKey(kind: RuntimeKind) async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) { [kind] in
            await MainActor.run {
                let host = TestHost(kind, HugeKeyParentKestrel())
                print(host.rendering)
            }
        }
        let message = standardError(result)
        let line = message.split(separator: "\n").first { $0.contains("Duplicate child:") } ?? ""
        #expect(line.utf8.count < 1_000)
        #expect(line.contains("HugeKeyParentKestrel rendered the child workflow UniqueChildOmega with key"))
        #expect(line.contains("\"\(String(repeating: "k", count: 200))…(cut, 16777216 characters in all)\""))
        #expect(line.contains("give each child of one type a unique key."))
        #expect(message.utf8.count < 1 << 20)
    }

    @Test("R15: a send while a render pass runs is fatal; the message names the sink's workflow type and key", arguments: RuntimeKind.allCases)
    func sendDuringRender(kind: RuntimeKind) async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) { [kind] in
            await MainActor.run {
                let host = TestHost(kind, QuokkaParent())
                storedQuokkaSink?.send(AnyWorkflowAction { (state: inout Int) -> Never? in
                    state += 1
                    return nil
                })
                print(host.rendering)
            }
        }
        let message = standardError(result)
        #expect(message.contains("QuokkaSenderDuringRender"))
        #expect(message.contains("quokka-key-9"))
    }

    @Test("R17: using an ApplyContext after apply returned is fatal; the message names the workflow type", arguments: RuntimeKind.allCases)
    func applyContextAfterApply(kind: RuntimeKind) async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) { [kind] in
            await MainActor.run {
                let host = TestHost(kind, ContextKeeperPangolin())
                host.rendering.send(KeepApplyContext())
                print(keptApplyContext?[workflowValue: \.secret] ?? -1)
            }
        }
        #expect(standardError(result).contains("ContextKeeperPangolin"))
    }

    @Test("R5: using a RenderContext after its render returned is fatal; the message names the workflow type and key", arguments: RuntimeKind.allCases)
    func renderContextAfterRender(kind: RuntimeKind) async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) { [kind] in
            await MainActor.run {
                let host = TestHost(kind, TapirKeeperParent())
                print(host.rendering)
                _ = keptRenderContext?.makeSink(of: AnyWorkflowAction<RenderContextHoarderTapir>.self)
            }
        }
        let message = standardError(result)
        #expect(message.contains("RenderContext<RenderContextHoarderTapir>"))
        #expect(message.contains("tapir-key-5"))
    }

    @Test("R11: the same side-effect key twice in one pass is fatal; the message names the workflow type and key", arguments: RuntimeKind.allCases)
    func duplicateSideEffect(kind: RuntimeKind) async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) { [kind] in
            await MainActor.run {
                let host = TestHost(kind, EffectDoublerNarwhal())
                print(host.rendering)
            }
        }
        let message = standardError(result)
        #expect(message.contains("EffectDoublerNarwhal"))
        #expect(message.contains("effect-key-77"))
    }

    @Test("R22: a send from another queue than the main queue is a precondition failure", arguments: RuntimeKind.allCases)
    func sendFromBackgroundQueue(kind: RuntimeKind) async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) { [kind] in
            await MainActor.run {
                let host = TestHost(kind, Node("R"))
                let sink = host.rendering.sinks["R"]!
                FileHandle.standardError.write(Data("host built\n".utf8))
                DispatchQueue.global().sync {
                    sink.send(.increment)
                }
                print(host.rendering.text)
            }
        }
        // The process got as far as the send: the failure is the send's.
        #expect(standardError(result).contains("host built"))
    }

    @Test("R22: a send from another queue to a sink whose node ended is fatal too, naming the type and key", arguments: RuntimeKind.allCases)
    func sendFromBackgroundQueueToDeadSink(kind: RuntimeKind) async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) { [kind] in
            await MainActor.run {
                var host: TestHost<Node>? = TestHost(kind, Node("root", [Node("gone-key-31")]))
                let sink = host!.rendering.sinks["gone-key-31"]!
                host!.update(workflow: Node("root"))
                host = nil
                DispatchQueue.global().sync {
                    sink.send(.increment)
                }
                print("dropped")
            }
        }
        let message = standardError(result)
        #expect(message.contains("Node"))
        #expect(message.contains("gone-key-31"))
        #expect(message.contains("main queue"))
    }
}
