import Testing
@testable import Workflow
import WorkflowHostHarness

// R5 across hosts: the contexts of a host that ended wait for the next host
// of their workflow type, so that its nested renders make no context object;
// the next host still gets distinct contexts for nested renders, and a
// context a user kept is never among them.

/// What the chains saw, reset by each test.
@MainActor
private enum Seen {
    static var contexts: [ObjectIdentifier] = []
    static var kept: [RenderContext<SpareChainQuokka>] = []

    static func reset() {
        contexts = []
        kept = []
    }
}

/// A chain of one type, `depth` levels below the root: every level's render
/// runs while its parent's does. The innermost level keeps its context when
/// `keepsInnermost` is set.
private struct SpareChainQuokka: Workflow {
    var depth: Int
    var keepsInnermost: Bool

    typealias State = Void

    func render(state: Void, context: RenderContext<SpareChainQuokka>) -> Int {
        MainActor.assumeIsolated {
            Seen.contexts.append(ObjectIdentifier(context))
            if depth == 0, keepsInnermost { Seen.kept.append(context) }
        }
        guard depth > 0 else { return 0 }
        return 1 + SpareChainQuokka(depth: depth - 1, keepsInnermost: keepsInnermost).rendered(in: context)
    }
}

/// A workflow type no host of these tests ever nests.
private struct LoneNumbat: Workflow {
    typealias State = Void

    func render(state: Void, context: RenderContext<LoneNumbat>) -> Int { 1 }
}

@MainActor
@Suite("Render context spares", .serialized)
struct RenderContextSparesTests {
    init() {
        Seen.reset()
        // Contexts an earlier test left for the chain's type go first.
        RenderContextSpares.discard(for: SpareChainQuokka.self)
    }

    @Test("R5: an ended host's contexts serve the next host of the type, which still gets a distinct context per nested render")
    func endedHostContextsServeTheNextHost() {
        var host: TestHost<SpareChainQuokka>? = TestHost(.fast, SpareChainQuokka(depth: 4, keepsInnermost: false))
        #expect(host?.rendering == 4)
        #expect(RenderContextSpares.count(for: SpareChainQuokka.self) == 0)
        host?.release()
        host = nil
        #expect(RenderContextSpares.count(for: SpareChainQuokka.self) == 5)

        Seen.reset()
        host = TestHost(.fast, SpareChainQuokka(depth: 4, keepsInnermost: false))
        #expect(host?.rendering == 4)
        // Taken by the new host: none made, none left waiting.
        #expect(RenderContextSpares.count(for: SpareChainQuokka.self) == 0)
        #expect(Set(Seen.contexts).count == 5)
        host?.release()
        host = nil
        #expect(RenderContextSpares.count(for: SpareChainQuokka.self) == 5)
    }

    @Test("R5: a context the user kept is not a spare, and never renders for the next host")
    func keptContextIsNoSpare() {
        var host: TestHost<SpareChainQuokka>? = TestHost(.fast, SpareChainQuokka(depth: 2, keepsInnermost: true))
        #expect(host?.rendering == 2)
        host?.release()
        host = nil
        #expect(RenderContextSpares.count(for: SpareChainQuokka.self) == 2)
        let kept = Seen.kept.map(ObjectIdentifier.init)
        #expect(kept.count == 1)

        Seen.contexts = []
        host = TestHost(.fast, SpareChainQuokka(depth: 2, keepsInnermost: false))
        #expect(host?.rendering == 2)
        #expect(Set(Seen.contexts).count == 3)
        #expect(!Seen.contexts.contains(kept[0]))
        host?.release()
        host = nil
        #expect(RenderContextSpares.count(for: SpareChainQuokka.self) == 3)
    }

    @Test("The spares of a type wait for that type only; a type whose renders never nest leaves one")
    func sparesArePerType() {
        var host: TestHost<LoneNumbat>? = TestHost(.fast, LoneNumbat())
        #expect(host?.rendering == 1)
        host?.release()
        host = nil
        #expect(RenderContextSpares.count(for: LoneNumbat.self) == 1)
        #expect(RenderContextSpares.count(for: SpareChainQuokka.self) == 0)
    }
}
