import Testing
import Workflow
import WorkflowHostHarness

// R5 for the context as an object: a context is valid during its render only;
// one kept by a user, strongly or weakly, is never handed to another render,
// and using it later traps with a message that says what to do instead, even
// once its host is gone. The fast runtime recycles contexts nobody holds.

// MARK: Fixtures

/// Everything the context keepers saw, reset by each test.
@MainActor
private enum Kept {
    static var strong: [RenderContext<ContextKeeperOkapi>] = []
    static weak var weak: RenderContext<ContextKeeperOkapi>?
    static var unownedHeld: [UnownedContext] = []
    static var identifiers: [ObjectIdentifier] = []
    static var nestedIdentity: [Bool] = []

    static func reset() {
        strong = []
        weak = nil
        unownedHeld = []
        identifiers = []
        nestedIdentity = []
    }
}

/// How a keeper holds the contexts it gets.
private enum Keeping: Equatable {
    case strongly
    case weakly
    case unownedly
    case not
}

/// A context held through an `unowned` reference: no strong or weak one.
private final class UnownedContext {
    unowned let context: RenderContext<ContextKeeperOkapi>

    init(_ context: RenderContext<ContextKeeperOkapi>) {
        self.context = context
    }
}

/// Renders `label(state)`; keeps its context as told; re-renders on `.bump`.
private struct ContextKeeperOkapi: Workflow {
    var keeping: Keeping

    func makeInitialState() -> Int { 0 }

    func render(state: Int, context: RenderContext<ContextKeeperOkapi>) -> Sink<AnyWorkflowAction<ContextKeeperOkapi>> {
        MainActor.assumeIsolated {
            Kept.identifiers.append(ObjectIdentifier(context))
            switch keeping {
            case .strongly: Kept.strong.append(context)
            case .weakly: Kept.weak = context
            case .unownedly: Kept.unownedHeld.append(UnownedContext(context))
            case .not: break
            }
        }
        return context.makeSink(of: AnyWorkflowAction<ContextKeeperOkapi>.self)
    }
}

private func bump(_ sink: Sink<AnyWorkflowAction<ContextKeeperOkapi>>) {
    sink.send(AnyWorkflowAction { state, _ in
        state += 1
        return nil
    })
}

/// A tree of one type: renders a child of its own type while its own render
/// runs, and records whether the two contexts are one object.
private struct NestedOkapi: Workflow {
    var depth: Int

    typealias State = Void

    func render(state: Void, context: RenderContext<NestedOkapi>) -> RenderContext<NestedOkapi>? {
        guard depth > 0 else { return nil }
        let inner = NestedOkapi(depth: depth - 1).rendered(in: context)
        if let inner {
            MainActor.assumeIsolated { Kept.nestedIdentity.append(inner === context) }
        }
        // Keeping only `context` past its render: returned, so held by the
        // parent's stack frame until the parent's render is done.
        return context
    }
}

nonisolated(unsafe) private var leakedContext: RenderContext<LeakyTarsier>?

/// Keeps its context in a global, which outlives the host.
private struct LeakyTarsier: Workflow {
    typealias State = Void

    func render(state: Void, context: RenderContext<LeakyTarsier>) -> String {
        leakedContext = context
        return "tarsier"
    }
}

private struct TarsierChild: Workflow {
    typealias State = Void

    func render(state: Void, context: RenderContext<TarsierChild>) -> String { "child" }
}

/// What a leaked context is used for in the exit test.
enum LeakedContextUse: String, CaseIterable, Codable, Sendable {
    case makeSink
    case runSideEffect
    case renderChild
}

// MARK: Tests

@MainActor
@Suite("Render context", .serialized)
struct RenderContextTests {
    init() {
        Kept.reset()
    }

    @Test(
        "R5: a context kept past its render traps when used, after its host is gone too; the message names the workflow type and what to do instead",
        arguments: RuntimeKind.allCases, LeakedContextUse.allCases
    )
    func leakedContextTraps(kind: RuntimeKind, use: LeakedContextUse) async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) { [kind, use] in
            await MainActor.run {
                var host: TestHost<LeakyTarsier>? = TestHost(kind, LeakyTarsier())
                print(host!.rendering)
                host!.release()
                host = nil
                guard let context = leakedContext else { return }
                switch use {
                case .makeSink:
                    _ = context.makeSink(of: AnyWorkflowAction<LeakyTarsier>.self)
                case .runSideEffect:
                    context.runSideEffect(key: "late") { _ in }
                case .renderChild:
                    _ = TarsierChild().rendered(in: context)
                }
            }
        }
        let message = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(message.contains("RenderContext<LeakyTarsier>"))
        #expect(message.contains("was used after the render(state:context:) call that got it returned"))
        #expect(message.contains("keep the sinks"))
    }

    @Test("R5: a context the user holds strongly is never handed to a later render", arguments: RuntimeKind.allCases)
    func stronglyHeldContextIsNotReused(kind: RuntimeKind) {
        let host = TestHost(kind, ContextKeeperOkapi(keeping: .strongly))
        bump(host.rendering)
        bump(host.rendering)

        #expect(Kept.strong.count == 3)
        #expect(Kept.strong[0] !== Kept.strong[1])
        #expect(Kept.strong[1] !== Kept.strong[2])
        #expect(Kept.strong[0] !== Kept.strong[2])
    }

    @Test("R5: a context held weakly is released after its render, as upstream's is, and never handed to a later render", arguments: RuntimeKind.allCases)
    func weaklyHeldContextIsReleased(kind: RuntimeKind) {
        let host = TestHost(kind, ContextKeeperOkapi(keeping: .weakly))
        #expect(Kept.weak == nil)
        bump(host.rendering)
        #expect(Kept.weak == nil)
        #expect(Kept.identifiers.count == 2)
    }

    @Test("R5: a context held through an unowned reference is let go of after its render and never handed to a later render", arguments: RuntimeKind.allCases)
    func unownedHeldContextIsNotReused(kind: RuntimeKind) {
        let host = TestHost(kind, ContextKeeperOkapi(keeping: .unownedly))
        bump(host.rendering)
        bump(host.rendering)
        // The unowned references keep each context's memory, so a context
        // handed out again would show the same identifier.
        #expect(Kept.unownedHeld.count == 3)
        #expect(Set(Kept.identifiers).count == 3)
    }

    @Test("R5: renders of one type nested in each other get distinct contexts", arguments: RuntimeKind.allCases)
    func nestedRendersOfOneTypeGetDistinctContexts(kind: RuntimeKind) {
        let host = TestHost(kind, NestedOkapi(depth: 4))
        _ = host.rendering
        #expect(Kept.nestedIdentity == [false, false, false])
    }

    @Test("R5: the fast runtime renders with a recycled context when nobody kept the previous one (no allocation per render)")
    func unheldContextIsRecycled() {
        for kind in [RuntimeKind.fast, .fastNoSkipping] {
            Kept.reset()
            let host = TestHost(kind, ContextKeeperOkapi(keeping: .not))
            bump(host.rendering)
            bump(host.rendering)
            #expect(Kept.identifiers.count == 3)
            #expect(Set(Kept.identifiers).count == 1)
        }
    }
}
