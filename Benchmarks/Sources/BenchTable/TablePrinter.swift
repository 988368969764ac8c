/// The table `make bench` prints: one line per case, the three variants'
/// time per op, the two ratios, allocations (ordo-one / jemalloc) and bytes
/// per op, and the target with met / missed.
enum TablePrinter {
    static func print(_ results: BenchResults) {
        let header = ["workload", "operation", "nodes", "fast", "reference", "vanilla", "ref/fast", "fast/van",
                      "allocs/op f/r/v (ordo-one)", "allocs/op f/r/v (jemalloc)", "bytes/op f/r/v", "target", "met"]
        var lines = [header]
        for row in results.rows {
            lines.append([
                row.workload,
                row.operation,
                String(row.nodes),
                time(row.fast), time(row.reference), time(row.vanilla),
                row.referenceOverFast.map { format($0) + "x" } ?? "-",
                row.fastOverVanilla.map { format($0) + "x" } ?? "-",
                triple(row) { $0.ordoMallocsPerOp },
                triple(row) { $0.jemallocMallocsPerOp },
                triple(row) { $0.bytesPerOp },
                row.target ?? "-",
                row.met.map { $0 ? "met" : "MISSED" } ?? "-",
            ])
        }
        let widths = header.indices.map { column in lines.map { $0[column].count }.max() ?? 0 }
        for (index, line) in lines.enumerated() {
            let cells = line.enumerated().map { column, cell in
                column <= 1 || column >= 11 ? pad(cell, widths[column]) : padLeft(cell, widths[column])
            }
            Swift.print("| " + cells.joined(separator: " | ") + " |")
            if index == 0 {
                Swift.print("|" + widths.enumerated().map { column, width in
                    String(repeating: "-", count: width + 1) + (column <= 1 || column >= 11 ? "-" : ":")
                }.joined(separator: "|") + "|")
            }
        }
        for row in results.rows {
            if let missed = row.missed { Swift.print("missed \(row.id): \(missed)") }
            if let note = row.note { Swift.print("note \(row.id): \(note)") }
            for failure in row.failures { Swift.print("FAILED CHECK \(failure)") }
        }
        if let memory = results.memory {
            Swift.print("""
                W6 memory, \(memory.nodes) nodes, jemalloc bytes per node (live / resident): \
                fast \(format(memory.fastBytesPerNode)) / \(format(memory.fastResidentBytesPerNode)), \
                reference \(format(memory.referenceBytesPerNode)) / \(format(memory.referenceResidentBytesPerNode)), \
                vanilla \(format(memory.vanillaBytesPerNode)) / \(format(memory.vanillaResidentBytesPerNode)); \
                target \(memory.target): \(memory.met ? "met" : "MISSED")
                """)
        }
        if let first = results.scaling.first, let last = results.scaling.last,
           let small = first.fastNsPerOp, let large = last.fastNsPerOp {
            let growth = large / small
            Swift.print("""
                W7 scaling (fast): \(results.scaling.map { "\($0.nodes) nodes \(nanoseconds($0.fastNsPerOp))" }.joined(separator: ", ")); \
                \(last.nodes)/\(first.nodes) nodes cost ratio \(format(growth))x, target <=\(format(Targets.scalingLimit))x: \
                \(growth <= Targets.scalingLimit ? "met" : "MISSED")
                """)
        }
    }

    static func time(_ figures: VariantFigures?) -> String {
        nanoseconds(figures?.nsPerOp)
    }

    static func nanoseconds(_ value: Double?) -> String {
        guard let value else { return "-" }
        switch value {
        case ..<1_000: return format(value) + " ns"
        case ..<1_000_000: return format(value / 1_000) + " us"
        case ..<1_000_000_000: return format(value / 1_000_000) + " ms"
        default: return format(value / 1_000_000_000) + " s"
        }
    }

    static func triple(_ row: Row, _ value: (VariantFigures) -> Double?) -> String {
        [row.fast, row.reference, row.vanilla].map { figures in
            figures.flatMap(value).map(format) ?? "-"
        }.joined(separator: " / ")
    }

    static func pad(_ text: String, _ width: Int) -> String {
        text + String(repeating: " ", count: max(0, width - text.count))
    }

    static func padLeft(_ text: String, _ width: Int) -> String {
        String(repeating: " ", count: max(0, width - text.count)) + text
    }
}
