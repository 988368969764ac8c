import Testing
@testable import Workflow
import WorkflowHostHarness

// R11, R12 across hosts: the lifetime of an ended side effect that nothing
// else references serves a later side effect, started as new (not ended, no
// `onEnded` action of its first use); a lifetime a user kept, strongly or
// weakly, is never reused.

/// What the side effects saw, reset by each test.
@MainActor
private enum Seen {
    static var lifetimes: [ObjectIdentifier] = []
    static var endedAtStart: [Bool] = []
    static var ends = 0
    static var kept: Lifetime?
    static weak var weaklyKept: Lifetime?

    static func reset() {
        lifetimes = []
        endedAtStart = []
        ends = 0
        kept = nil
        weaklyKept = nil
    }
}

/// One side effect, keyed "only"; it keeps its lifetime as `keeping` says.
private struct OneEffectWombat: Workflow {
    enum Keeping { case nothing, strongly, weakly }
    var keeping: Keeping

    typealias State = Void

    func render(state: Void, context: RenderContext<OneEffectWombat>) -> Int {
        context.runSideEffect(key: "only") { lifetime in
            MainActor.assumeIsolated {
                Seen.lifetimes.append(ObjectIdentifier(lifetime))
                Seen.endedAtStart.append(lifetime.hasEnded)
                switch keeping {
                case .nothing: break
                case .strongly: Seen.kept = lifetime
                case .weakly: Seen.weaklyKept = lifetime
                }
            }
            lifetime.onEnded { MainActor.assumeIsolated { Seen.ends += 1 } }
        }
        return 1
    }
}

@MainActor
@Suite("Side-effect lifetime spares", .serialized)
struct SideEffectLifetimeSparesTests {
    init() {
        Seen.reset()
    }

    /// Makes a host, renders, releases it.
    private func renderOnce(_ keeping: OneEffectWombat.Keeping) {
        var host: TestHost<OneEffectWombat>? = TestHost(.fast, OneEffectWombat(keeping: keeping))
        #expect(host?.rendering == 1)
        host?.release()
        host = nil
    }

    @Test("R12: a lifetime nothing references after its end serves the next side effect, started as new")
    func unreferencedLifetimeIsReused() {
        // Spares other tests left go first (in this same main-actor turn).
        SideEffectLifetimeSpares.discard()
        renderOnce(.nothing)
        #expect(SideEffectLifetimeSpares.count == 1)
        renderOnce(.nothing)
        #expect(SideEffectLifetimeSpares.count == 1)
        #expect(Seen.lifetimes.count == 2)
        #expect(Seen.lifetimes[0] == Seen.lifetimes[1])
        #expect(Seen.endedAtStart == [false, false])
        // Each use's one `onEnded` action ran once.
        #expect(Seen.ends == 2)
    }

    @Test("R12: a lifetime the user kept strongly is no spare and stays ended")
    func stronglyKeptLifetimeIsNoSpare() {
        // Spares other tests left go first (in this same main-actor turn).
        SideEffectLifetimeSpares.discard()
        renderOnce(.strongly)
        #expect(SideEffectLifetimeSpares.count == 0)
        let kept = Seen.kept
        #expect(kept?.hasEnded == true)
        Seen.kept = nil
        renderOnce(.nothing)
        #expect(SideEffectLifetimeSpares.count == 1)
        #expect(kept?.hasEnded == true)
        #expect(Seen.lifetimes.count == 2)
        #expect(Seen.lifetimes[1] != kept.map(ObjectIdentifier.init))
        #expect(Seen.ends == 2)
    }

    @Test("R12: a lifetime the user kept weakly is no spare: it is freed when its side effect ends")
    func weaklyKeptLifetimeIsNoSpare() {
        // Spares other tests left go first (in this same main-actor turn).
        SideEffectLifetimeSpares.discard()
        renderOnce(.weakly)
        #expect(SideEffectLifetimeSpares.count == 0)
        #expect(Seen.weaklyKept == nil)
        #expect(Seen.ends == 1)
    }
}
