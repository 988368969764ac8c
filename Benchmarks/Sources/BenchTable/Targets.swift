import Foundation

// The targets of the workloads (Benchmarks/README.md), in one place. Each is a list of criteria;
// a row meets its target when every criterion holds. Allocation criteria
// count the fast runtime's allocations beyond vanilla's: the rendering value
// itself (e.g. W1's array of 1,000 leaf screens) is allocated by every
// variant, and is not the runtime's.

struct Criterion {
    var label: String
    /// The measured value, or nil when it could not be measured.
    var measure: (Row) -> Double?
    var holds: (Double) -> Bool
    var show: (Double) -> String
}

enum Targets {
    static func speedUp(atLeast factor: Double) -> Criterion {
        Criterion(label: ">=\(format(factor))x vs reference", measure: { $0.referenceOverFast },
                  holds: { $0 >= factor }, show: { "reference/fast = \(format($0))x" })
    }

    static func withinVanilla(_ factor: Double) -> Criterion {
        Criterion(label: "<=\(format(factor))x vanilla", measure: { $0.fastOverVanilla },
                  holds: { $0 <= factor }, show: { "fast/vanilla = \(format($0))x" })
    }

    /// Fast allocations per op beyond vanilla's at most `limit`.
    static func extraAllocations(atMost limit: Double, label: String) -> Criterion {
        Criterion(
            label: label,
            measure: { row in
                guard let fast = row.fast else { return nil }
                return fast.mallocsPerOp - (row.vanilla?.mallocsPerOp ?? 0)
            },
            holds: { $0 <= limit + 0.01 },
            show: { "\(format($0)) allocs/op beyond vanilla" }
        )
    }

    static let zeroAllocations = extraAllocations(atMost: 0, label: "0 allocs/op")

    /// The criteria of each case id; nil: no target.
    static func criteria(for id: String, nodes: Int) -> [Criterion]? {
        switch id {
        case "W3": [speedUp(atLeast: 1_000), zeroAllocations]
        case "W4", "W4-rois": [zeroAllocations]
        case "W1", "W2":
            [speedUp(atLeast: 10), extraAllocations(atMost: Double(nodes), label: "<=1 alloc/node"), withinVanilla(3)]
        case "W1c": [speedUp(atLeast: 5), zeroAllocations, withinVanilla(3)]
        case "W5-swap", "W5-update10th", "W5-remove": [speedUp(atLeast: 20)]
        case "W5-create", "W5-replace", "W5-append", "W5-clear", "W5-create10k": [speedUp(atLeast: 5)]
        default: nil
        }
    }

    /// Fills `target`, `met` and `missed` of a row. A failed result check
    /// misses whatever the figures say.
    static func evaluate(_ row: inout Row) {
        guard let criteria = criteria(for: row.id, nodes: row.nodes) else { return }
        row.target = criteria.map(\.label).joined(separator: ", ")
        if row.id.hasPrefix("W4") { row.target! += ", no render call (checked)" }
        var missed: [String] = []
        for criterion in criteria {
            guard let value = criterion.measure(row) else {
                missed.append("\(criterion.label): not measured")
                continue
            }
            if !criterion.holds(value) { missed.append(criterion.show(value)) }
        }
        if !row.failures.isEmpty { missed.append("result check failed") }
        row.met = missed.isEmpty
        row.missed = missed.isEmpty ? nil : missed.joined(separator: "; ")
    }

    /// W7: 1M nodes costs at most 3x what 1k nodes costs (fast runtime).
    static let scalingLimit = 3.0

    /// W9, W10: what one op handles N of (`WorkloadCase.elementsPerOp`).
    static let linearGrowth = ["W9": "queued send", "W10": "observer"]
    /// The fast cost per one of them at the largest N at most this many
    /// times that at the smallest N: linear growth. A quadratic path is 100x;
    /// 100,000 queued sends hold 14 MB, and their cache misses alone take
    /// the time per send to 1.5-1.9x (instructions per send: 1.1x).
    static let linearLimit = 3.0

    /// Puts the linear-growth target on each such workload's largest row.
    static func evaluateLinearGrowth(_ rows: inout [Row], elementsPerOp: [String: Int]) {
        for (workload, element) in linearGrowth {
            let sized = rows.indices
                .compactMap { index in elementsPerOp[rows[index].id].map { (index: index, count: $0) } }
                .filter { rows[$0.index].workload == workload }
                .sorted { $0.count < $1.count }
            guard let small = sized.first, let large = sized.last, small.count < large.count else { continue }
            rows[large.index].target = "<=\(format(linearLimit))x the cost per \(element) at \(small.count)"
            var missed: [String] = []
            if let smallTime = rows[small.index].fast?.nsPerOp, let largeTime = rows[large.index].fast?.nsPerOp {
                let growth = (largeTime / Double(large.count)) / (smallTime / Double(small.count))
                if growth > linearLimit { missed.append("cost per \(element) \(format(growth))x that at \(small.count)") }
            } else {
                missed.append("not measured")
            }
            if !rows[large.index].failures.isEmpty { missed.append("result check failed") }
            rows[large.index].met = missed.isEmpty
            rows[large.index].missed = missed.isEmpty ? nil : missed.joined(separator: "; ")
        }
    }

    /// W6: at most 200 bytes per node.
    static let bytesPerNodeLimit = 200.0
}

func format(_ value: Double) -> String {
    if value == 0 { return "0" }
    let magnitude = abs(value)
    if magnitude >= 100 { return String(Int(value.rounded())) }
    if magnitude >= 10 { return String(format: "%.1f", value) }
    if magnitude >= 1 { return String(format: "%.2f", value) }
    return String(format: "%.3f", value)
}
