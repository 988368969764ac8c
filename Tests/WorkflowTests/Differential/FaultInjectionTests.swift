#if DEBUG
import DifferentialTesting
import Foundation
import Testing
@testable import Workflow

/// The harness can fail. Each debug-only fault switch breaks
/// one rule of the fast runtime; the fuzzer must catch it on the fixed seeds
/// within seconds, and shrink it to a small case that still fails.
extension DifferentialTests {
    enum Fault: String, CaseIterable, CustomTestStringConvertible {
        case skipDirtyChild, keepRemovedSideEffect, deliverStaleSinkAction, publishOnlyAfterRender
        case runQueuedNewestFirst, deliverToObserversLastFirst, leaveObserversOpenOnRelease
        case burstDropsAction, burstReordersActions, burstSkipsRender

        var testDescription: String { rawValue }

        /// The profile whose cases break the fault's rule: bursts (B1-B4)
        /// for the bursts' faults.
        var profile: String {
            switch self {
            case .burstDropsAction, .burstReordersActions, .burstSkipsRender: "fuzz-bursts"
            default: "fuzz-default"
            }
        }

        /// Turns the switch on or off.
        func set(_ on: Bool) {
            switch self {
            case .skipDirtyChild: FaultInjection.skipDirtyChild = on
            case .keepRemovedSideEffect: FaultInjection.keepRemovedSideEffect = on
            case .deliverStaleSinkAction: FaultInjection.deliverStaleSinkAction = on
            case .publishOnlyAfterRender: FaultInjection.publishOnlyAfterRender = on
            case .runQueuedNewestFirst: FaultInjection.runQueuedNewestFirst = on
            case .deliverToObserversLastFirst: FaultInjection.deliverToObserversLastFirst = on
            case .leaveObserversOpenOnRelease: FaultInjection.leaveObserversOpenOnRelease = on
            case .burstDropsAction: FaultInjection.burstDropsAction = on
            case .burstReordersActions: FaultInjection.burstReordersActions = on
            case .burstSkipsRender: FaultInjection.burstSkipsRender = on
            }
            if !on { FaultInjection.keptAlive.removeAll() }
        }
    }

    /// Runs `body` with `fault` on, and always turns it off again.
    private func with<T>(_ fault: Fault, _ body: () throws -> T) rethrows -> T {
        fault.set(true)
        defer { fault.set(false) }
        return try body()
    }

    @Test("Each fault switch is caught within seconds and shrunk", arguments: Fault.allCases)
    func faultIsCaught(fault: Fault) throws {
        let generator = try CaseGenerator(profileNamed: fault.profile)
        let start = Date()
        let caught = with(fault) { FuzzCampaign.firstDivergence(generator, seconds: 10) }
        let found = try #require(caught, "fault \(fault) not caught in 10 s")
        let seconds = Date().timeIntervalSince(start)
        #expect(seconds < 10)
        #expect(found.divergence.runtime.runtime == .fast || found.divergence.runtime.runtime == .fastNoSkipping)
        print("fault \(fault): caught after \(found.cases) cases in \(String(format: "%.2f", seconds)) s: \(found.divergence.stepDescription)")

        var shrinker = Shrinker(seconds: 10)
        let (shrunk, _) = with(fault) { shrinker.shrink(found.fuzzCase, found.divergence) }
        #expect(shrunk.tree.nodeCount <= found.fuzzCase.tree.nodeCount)
        #expect(shrunk.events.count <= found.fuzzCase.events.count)
        // The shrunk case fails with the fault on, and passes without it.
        #expect(with(fault) { DifferentialRun.run(shrunk.tree, shrunk.events, initialInput: shrunk.initialInput) } != nil)
        #expect(DifferentialRun.run(shrunk.tree, shrunk.events, initialInput: shrunk.initialInput) == nil)
    }

    /// R24's fault stops the process instead of diverging: a probe whose
    /// deinit calls `update(workflow:)` meets the render pass the faulty host
    /// released it in, and R19 stops the program there. The same seeds pass
    /// without the fault (the S4 test above runs them).
    @Test("A host that lets go of its replaced rendering inside the render pass is caught by the fuzzer's probes (R24)")
    func releaseInsidePassIsCaught() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            await MainActor.run {
                let generator = try! CaseGenerator(profileNamed: "fuzz-default")
                FaultInjection.releaseRenderingInPass = true
                // The seeds are fixed, so the same case stops the process on
                // every run; the budget only bounds a run on a loaded machine.
                let caught = FuzzCampaign.firstDivergence(generator, seconds: 60)
                print("not stopped: \(caught.map { "\($0.divergence)" } ?? "no divergence")")
            }
        }
        let message = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(message.contains("update(workflow:)"))
        #expect(message.contains("while a render pass is in progress"))
    }

    // The repros below were printed by the fuzzer for each fault, pasted
    // as they came: they show that a printed repro compiles and replays.

    @Test("Printed repro: a dirty child skipped (S2) shows a stale state")
    func reproSkipDirtyChild() {
        let tree = TreeSpec(root: NodeSpec(.stateful, children: [
                NodeSpec(.stateful)
            ]))
        let events: [FuzzEvent] = [
            .send(.current(10), .bump),
        ]
        #expect(with(.skipDirtyChild) { DifferentialRun.run(tree, events, initialInput: 0) } != nil)
        #expect(DifferentialRun.run(tree, events, initialInput: 0) == nil)
    }

    @Test("Printed repro: a side effect kept alive past its node's end (R10, R12)")
    func reproKeepRemovedSideEffect() {
        let tree = TreeSpec(root: NodeSpec(.stateful, sideEffect: true))
        let events: [FuzzEvent] = []
        #expect(with(.keepRemovedSideEffect) { DifferentialRun.run(tree, events, initialInput: 0) } != nil)
        #expect(DifferentialRun.run(tree, events, initialInput: 0) == nil)
    }

    @Test("Printed repro: a dead sink's action delivered (R13)")
    func reproDeliverStaleSinkAction() {
        let tree = TreeSpec(root: NodeSpec(.stateful))
        let events: [FuzzEvent] = [
            .send(.current(0), .bump),
            .send(.current(0), .bump),
            .send(.current(0), .bump),
            .send(.stale(388), .bump),
        ]
        #expect(with(.deliverStaleSinkAction) { DifferentialRun.run(tree, events, initialInput: 0) } != nil)
        #expect(DifferentialRun.run(tree, events, initialInput: 0) == nil)
    }

    @Test("Repro: a no-op cascade that publishes nothing on the fast runtime (S3)")
    func reproPublishOnlyAfterRender() {
        // An Int state: S1 compares it, so the no-op is no change.
        let tree = TreeSpec(root: NodeSpec(.emptyLeaf))
        let events: [FuzzEvent] = [
            .send(.current(0), .noop),
        ]
        let divergence = with(.publishOnlyAfterRender) { DifferentialRun.run(tree, events, initialInput: 0) }
        #expect(divergence?.step == 1)
        #expect(divergence?.runtime == .fast)
        // The host's watching observation logs each published rendering: the
        // reference's publication is the line the fast host lacks.
        #expect(divergence?.difference.contains("- watched") == true)
        #expect(DifferentialRun.run(tree, events, initialInput: 0) == nil)
    }

    // The three below break what the reference once took from the fast
    // runtime's code (its gate and its observer lists): with an oracle of
    // its own, each shows as a divergence.

    @Test("Repro: sends queued during a cascade run newest first on the fast runtime (R15)")
    func reproRunQueuedNewestFirst() {
        let tree = TreeSpec(root: NodeSpec(.stateful))
        // The output observer sends twice; the sends wait for the cascade.
        let events: [FuzzEvent] = [
            .queuedSend(.toRoot(0), .bumpAndEmit(1), then: [Send(.current(0), .emit(2)), Send(.current(0), .emit(3))]),
        ]
        let divergence = with(.runQueuedNewestFirst) { DifferentialRun.run(tree, events, initialInput: 0) }
        #expect(divergence?.step == 1)
        #expect(divergence?.runtime == .fast)
        #expect(DifferentialRun.run(tree, events, initialInput: 0) == nil)
    }

    @Test("Repro: the fast host calls its rendering observers last registered first (R25)")
    func reproDeliverToObserversLastFirst() {
        let tree = TreeSpec(root: NodeSpec(.stateful))
        let events: [FuzzEvent] = [
            .send(.current(0), .bump),
        ]
        let divergence = with(.deliverToObserversLastFirst) { DifferentialRun.run(tree, events, initialInput: 0) }
        #expect(divergence?.step == 1)
        #expect(divergence?.runtime == .fast)
        // The second observer logs how many renderings the first one got.
        #expect(divergence?.difference.contains("- watched 1") == true)
        #expect(DifferentialRun.run(tree, events, initialInput: 0) == nil)
    }

    @Test("Repro: a released fast host leaves its publisher subscriptions open (R10, R25)")
    func reproLeaveObserversOpenOnRelease() {
        let tree = TreeSpec(root: NodeSpec(.stateful))
        let events: [FuzzEvent] = []
        let divergence = with(.leaveObserversOpenOnRelease) { DifferentialRun.run(tree, events, initialInput: 0) }
        #expect(divergence?.stepDescription == "teardown")
        #expect(divergence?.difference.contains("- publisher of renderings finished") == true)
        #expect(DifferentialRun.run(tree, events, initialInput: 0) == nil)
    }
}
#endif
