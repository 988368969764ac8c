import Foundation

/// The committed allocations-per-op baseline (Benchmarks/Baselines/
/// allocations.json) and `make bench-check`: only regressions fail, since
/// wall-clock time is too noisy on these machines to gate on, while
/// allocation counts are exact.
struct AllocationBaseline: Codable {
    var note: String
    /// Fast runtime allocations per op (jemalloc requests), by case id.
    var fastMallocsPerOp: [String: Double]

    /// An increase above max(0.1, 2%) of the baseline is a regression:
    /// amortised figures (a growing arena) move a little between runs.
    static func allowance(_ baseline: Double) -> Double {
        max(0.1, baseline * 0.02)
    }

    static func write(_ rows: [Row], to path: String) throws {
        var figures: [String: Double] = [:]
        for row in rows {
            if let fast = row.fast { figures[row.id] = (fast.jemallocMallocsPerOp * 100).rounded() / 100 }
        }
        let baseline = AllocationBaseline(
            note: "Fast runtime heap allocations per op (jemalloc requests), from `make bench-baseline`; `make bench-check` fails when one grows.",
            fastMallocsPerOp: figures
        )
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        try encoder.encode(baseline).write(to: URL(fileURLWithPath: path))
    }

    /// The regressions of `rows` against the baseline at `path`, one line each.
    static func regressions(_ rows: [Row], against path: String) throws -> [String] {
        let baseline = try JSONDecoder().decode(AllocationBaseline.self, from: Data(contentsOf: URL(fileURLWithPath: path)))
        var found: [String] = []
        for row in rows {
            guard let fast = row.fast else { continue }
            guard let expected = baseline.fastMallocsPerOp[row.id] else {
                print("bench-check: \(row.id) has no baseline yet (\(format(fast.jemallocMallocsPerOp)) allocs/op)")
                continue
            }
            let measured = fast.jemallocMallocsPerOp
            let verdict = measured > expected + allowance(expected) ? "REGRESSED" : "ok"
            print("bench-check: \(row.id) fast \(format(measured)) allocs/op, baseline \(format(expected)): \(verdict)")
            if verdict != "ok" {
                found.append("\(row.id): \(format(measured)) allocs/op, baseline \(format(expected))")
            }
        }
        return found
    }
}
