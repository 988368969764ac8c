import DifferentialTesting
import Foundation
import Testing

/// The fast runtime (render skipping on and off) against the reference, on
/// random trees and event sequences drawn from the fuzz profiles, compared
/// after every step: rendering (with every node's state), sinks, root
/// outputs, node and side-effect starts and ends, applied actions, render
/// counts, and every rendering published (S3, S4). A divergence fails with
/// the seed, the step, a diff and a shrunk test to paste.
///
/// The fault-switch tests live in the same serialized suite; every test here
/// is synchronous main-actor code, so no other test runs while a switch is on.
@MainActor
@Suite("Differential", .serialized)
struct DifferentialTests {
    @Test("S4: 500 fixed fuzz-default trees x 50 events agree at every step")
    func fixedSeedsDefault() throws {
        try runFixedSeeds(profile: "fuzz-default", cases: 500)
    }

    @Test("S4: 10 fixed fuzz-keyed-churn trees (about 180 nodes) x 50 events agree at every step")
    func fixedSeedsKeyedChurn() throws {
        try runFixedSeeds(profile: "fuzz-keyed-churn", cases: 10)
    }

    @Test("S4: 40 fixed fuzz-deep trees (depth 4-9) x 50 events agree at every step")
    func fixedSeedsDeep() throws {
        try runFixedSeeds(profile: "fuzz-deep", cases: 40)
    }

    @Test("B4: 200 fixed fuzz-bursts trees x 40 events: a fast host rendering bursts once agrees after every burst with the reference rendering each send")
    func fixedSeedsBursts() throws {
        try runFixedSeeds(profile: "fuzz-bursts", cases: 200)
    }

    @Test("D1: 10 fixed fuzz-default trees x 50 events: a traced fast host renders and skips what the fast host does, a traced reference host renders what the reference does, and each trace lists those renders")
    func tracedHostAgrees() throws {
        let generator = try CaseGenerator(profileNamed: "fuzz-default")
        for index in 0..<10 {
            let fuzzCase = generator.makeCase(seed: generator.seed(ofCase: index))
            let divergence = DifferentialRun.run(
                fuzzCase.tree, fuzzCase.events, initialInput: fuzzCase.initialInput, compared: [.reference, .fast, .fastTraced, .referenceTraced]
            )
            #expect(divergence == nil, "case \(index): \(divergence!)")
        }
    }

    private func runFixedSeeds(profile: String, cases: Int) throws {
        let generator = try CaseGenerator(profileNamed: profile)
        let start = Date()
        DifferentialRun.coverage = FuzzCoverage()
        let (run, failure) = FuzzCampaign.runFixedSeeds(generator, indices: 0..<cases)
        #expect(failure == nil, "\(failure!)")
        #expect(run == cases || failure != nil)
        let seconds = Date().timeIntervalSince(start)
        print("differential \(profile): \(run) cases x \(generator.profile.events.count) events in \(String(format: "%.1f", seconds)) s")
        print("differential \(profile) coverage: \(DifferentialRun.coverage)")
        // The cases must reach what they compare.
        let coverage = DifferentialRun.coverage
        if generator.profile.name == "fuzz-bursts" {
            // B4's cases: bursts that conflate, outputs, side effects that
            // start and end; no dead sink and no probe by construction.
            #expect(coverage.burstsConflated > 0 && coverage.rootOutputs > 0 && coverage.sideEffectEnds > 0)
            return
        }
        #expect(coverage.nodeEnds > 0 && coverage.sideEffectEnds > 0 && coverage.deadSends > 0)
        #expect(coverage.rootOutputs > 0 && coverage.stepsWithSkips > 0 && coverage.cascadesRenderingNothing > 0)
        #expect(coverage.cascadesPublishingUnrendered > 0 && coverage.probeDeinits > 0)
    }

    @Test("The generator is deterministic: a seed gives the same case")
    func generatorIsDeterministic() throws {
        let generator = try CaseGenerator(profileNamed: "fuzz-default")
        for index in 0..<20 {
            let a = generator.makeCase(seed: generator.seed(ofCase: index))
            let b = generator.makeCase(seed: generator.seed(ofCase: index))
            #expect(a.tree == b.tree && a.events == b.events && a.initialInput == b.initialInput)
        }
    }

    @Test("The generator rejects an event kind it does not know")
    func generatorRejectsUnknownKinds() throws {
        #expect(throws: GeneratorError.self) {
            _ = try CaseGenerator(profileNamed: "w3-leaf-update")
        }
    }
}
