import Dispatch

/// Runs many cases: the fixed seeds of the test suite, or fresh seeds for a
/// while (`make fuzz`). A divergence is shrunk and reported with a test to
/// paste.
@MainActor
public enum FuzzCampaign {
    public struct Failure: CustomStringConvertible {
        public var profile: String
        public var original: FuzzCase
        public var divergence: Divergence
        public var shrunk: FuzzCase
        public var shrunkDivergence: Divergence
        public var shrinkRuns: Int

        public var description: String {
            """
            DIVERGENCE — profile \(profile), seed \(original.seed) \
            (\(original.tree.nodeCount) nodes, \(original.events.count) events)
            \(divergence)

            Shrunk in \(shrinkRuns) runs to \(shrunk.tree.nodeCount) nodes and \(shrunk.events.count) events:
            \(shrunkDivergence)

            Replay it as a test (Tests/WorkflowTests/Differential/, `import DifferentialTesting`):

            \(ReproPrinter.test(name: "divergence_\(profile.replacingOccurrences(of: "-", with: "_"))_\(original.seed)",
                                tree: shrunk.tree, events: shrunk.events, initialInput: shrunk.initialInput,
                                divergence: shrunkDivergence))
            """
        }
    }

    /// Runs one case; on a divergence, shrinks it.
    public static func check(_ fuzzCase: FuzzCase, profile: String, shrinkSeconds: Double = 30) -> Failure? {
        guard let divergence = DifferentialRun.run(fuzzCase.tree, fuzzCase.events, initialInput: fuzzCase.initialInput)
        else { return nil }
        var shrinker = Shrinker(seconds: shrinkSeconds)
        let (shrunk, shrunkDivergence) = shrinker.shrink(fuzzCase, divergence)
        return Failure(profile: profile, original: fuzzCase, divergence: divergence, shrunk: shrunk,
                       shrunkDivergence: shrunkDivergence, shrinkRuns: shrinker.runs)
    }

    /// The profile's cases `indices`, in order, up to the first failure.
    public static func runFixedSeeds(_ generator: CaseGenerator, indices: Range<Int>, shrinkSeconds: Double = 30)
        -> (cases: Int, failure: Failure?)
    {
        var count = 0
        for index in indices {
            count += 1
            let fuzzCase = generator.makeCase(seed: generator.seed(ofCase: index))
            if let failure = check(fuzzCase, profile: generator.profile.name, shrinkSeconds: shrinkSeconds) {
                return (count, failure)
            }
        }
        return (count, nil)
    }

    /// The first divergent case among the profile's cases, without
    /// shrinking, or nil if none diverged within `seconds`.
    public static func firstDivergence(_ generator: CaseGenerator, seconds: Double, maxCases: Int = 100_000)
        -> (cases: Int, fuzzCase: FuzzCase, divergence: Divergence)?
    {
        let deadline = DispatchTime.now() + seconds
        var index = 0
        while index < maxCases, DispatchTime.now() < deadline {
            let fuzzCase = generator.makeCase(seed: generator.seed(ofCase: index))
            index += 1
            if let divergence = DifferentialRun.run(fuzzCase.tree, fuzzCase.events, initialInput: fuzzCase.initialInput) {
                return (index, fuzzCase, divergence)
            }
        }
        return nil
    }
}
