/// A seeded generator (SplitMix64): the same seed gives the same trees,
/// events and workload shapes on every machine and toolchain, which
/// `SystemRandomNumberGenerator` does not promise. The differential fuzzer
/// and the benchmarks draw every random choice from it.
public struct SeededRandom: RandomNumberGenerator {
    private var state: UInt64

    public init(seed: UInt64) {
        state = seed
    }

    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A value in `range`, by a plain modulo (the bias is irrelevant here).
    public mutating func int(in range: ClosedRange<Int>) -> Int {
        let width = UInt64(range.upperBound - range.lowerBound) + 1
        return range.lowerBound + Int(next() % width)
    }

    /// A value in 0..<bound as the fuzzer's event parameters use it.
    public mutating func index(_ bound: Int = 1 << 16) -> Int {
        Int(next() % UInt64(bound))
    }

    /// True with probability `p`.
    public mutating func chance(_ p: Double) -> Bool {
        guard p > 0 else { return false }
        return Double(next() >> 11) / Double(1 << 53) < p
    }

    /// One of `weights` (in their given order), by relative weight.
    public mutating func pick<T>(_ weights: [(T, Double)]) -> T {
        let total = weights.reduce(0) { $0 + max($1.1, 0) }
        precondition(total > 0, "pick: no positive weight")
        var roll = Double(next() >> 11) / Double(1 << 53) * total
        for (value, weight) in weights where weight > 0 {
            if roll < weight { return value }
            roll -= weight
        }
        return weights.last { $0.1 > 0 }!.0
    }
}
