/// A render trace boiled down per workflow type: how often its nodes
/// rendered and were skipped, how long their renders took, and why they
/// rendered (D1). `description` prints it as a table, the slowest type first.
public struct RenderTraceSummary: CustomStringConvertible {
    /// One workflow type's figures over the passes of the trace.
    public struct Row {
        /// The workflow type.
        public let workflowType: Any.Type
        /// The type's name as `String(describing:)` prints it.
        public let name: String
        /// Renders of nodes of this type, and skips (S2).
        public let renders: Int
        /// How often a node of this type was skipped, clean with equal props (S2).
        public let skips: Int
        /// The renders' self time (their children's renders left out), summed.
        public let selfDuration: Duration
        /// Why they rendered: each reason with its count, the most frequent
        /// first.
        public let reasons: [(reason: RenderReason, count: Int)]
    }

    /// How many passes the trace held, and how many of each trigger.
    public let passes: Int
    /// The passes counted by what started them.
    public let passesByTrigger: [RenderTrace.Pass.Trigger: Int]
    /// One row per workflow type seen, by `selfDuration`, largest first.
    public let rows: [Row]
    /// The passes kept as summaries (larger than the trace's `byteLimit`):
    /// only their slowest renders count in `rows`.
    public let summarizedPasses: Int
    /// The passes that took longest, longest first (at most five).
    public let slowestPasses: [(number: Int, title: String, duration: Duration, rendered: Int, skipped: Int)]

    /// Renders of every type, in all the passes held.
    public var renders: Int { rows.reduce(0) { $0 + $1.renders } }
    /// Skips of every type, in all the passes held.
    public var skips: Int { rows.reduce(0) { $0 + $1.skips } }

    init(_ trace: RenderTrace) {
        var names = NodeNames()
        let table = trace.store.pointee.table
        var byType: [ObjectIdentifier: (type: Any.Type, renders: Int, skips: Int, time: UInt64, reasons: [RenderReason: Int])] = [:]
        var triggers: [RenderTrace.Pass.Trigger: Int] = [:]
        var slowest: [(number: Int, title: String, time: UInt64, rendered: Int, skipped: Int)] = []
        var count = 0
        var summarized = 0
        trace.forEachVisiblePass { pass in
            let header = pass.header
            count += 1
            if pass.isSummarized { summarized += 1 }
            triggers[header.trigger, default: 0] += 1
            for node in pass.nodes {
                let type = table.types[Int(node.entry)]
                let id = ObjectIdentifier(type)
                var entry = byType[id] ?? (type, 0, 0, 0, [:])
                if node.reason.didRender {
                    entry.renders += 1
                    entry.time += node.selfTime
                    entry.reasons[node.reason, default: 0] += 1
                } else {
                    entry.skips += 1
                }
                byType[id] = entry
            }
            slowest.append((header.number, pass.title(table: table, names: &names), header.end - header.begin, pass.renderCount, pass.skipCount))
        }
        summarizedPasses = summarized
        passes = count
        passesByTrigger = triggers
        rows = byType.values
            .map { entry in
                Row(
                    workflowType: entry.type, name: names.name(entry.type), renders: entry.renders, skips: entry.skips,
                    selfDuration: .nanoseconds(Int64(entry.time)),
                    reasons: entry.reasons.map { ($0.key, $0.value) }.sorted { ($0.1, $1.0.rawValue) > ($1.1, $0.0.rawValue) }
                )
            }
            .sorted { ($0.selfDuration, $1.name) > ($1.selfDuration, $0.name) }
        slowestPasses = slowest
            .sorted { ($0.time, $1.number) > ($1.time, $0.number) }
            .prefix(5)
            .map { ($0.number, $0.title, .nanoseconds(Int64($0.time)), $0.rendered, $0.skipped) }
    }

    /// The summary as a text table.
    public var description: String {
        let total = rows.reduce(Duration.zero) { $0 + $1.selfDuration }
        let triggers = [(RenderTrace.Pass.Trigger.firstRender, "first render"), (.action, "cascades"), (.update, "updates")]
            .compactMap { trigger, label in passesByTrigger[trigger].map { "\($0) \(label)" } }
            .joined(separator: ", ")
        var lines = [
            "Render trace: \(passes) passes (\(triggers)), \(renders) renders, \(skips) skips, "
                + "\(Self.milliseconds(total)) ms in renders",
        ]
        if summarizedPasses > 0 {
            lines.append("(\(summarizedPasses) passes larger than the byte budget: their slowest renders only)")
        }
        lines.append("")
        let header = ["workflow", "renders", "skips", "self ms", "share", "top reasons"]
        var table = [header]
        for row in rows {
            let reasons = row.reasons.prefix(3).map { "\($0.reason) \($0.count)" }.joined(separator: ", ")
            table.append([
                row.name, String(row.renders), String(row.skips), Self.milliseconds(row.selfDuration),
                Self.percent(row.selfDuration, of: total), reasons.isEmpty ? "-" : reasons,
            ])
        }
        let widths = header.indices.map { column in table.map { $0[column].count }.max() ?? 0 }
        for cells in table {
            var line = ""
            for (column, cell) in cells.enumerated() {
                let padding = String(repeating: " ", count: widths[column] - cell.count)
                // Names and reasons to the left, figures to the right.
                if column == 0 || column == cells.count - 1 {
                    line += cell + (column == cells.count - 1 ? "" : padding)
                } else {
                    line += padding + cell
                }
                if column < cells.count - 1 { line += "  " }
            }
            lines.append(line)
        }
        if !slowestPasses.isEmpty {
            lines += ["", "Slowest passes:"]
            for pass in slowestPasses {
                lines.append("  #\(pass.number) \(pass.title): \(Self.milliseconds(pass.duration)) ms, "
                    + "\(pass.rendered) rendered, \(pass.skipped) skipped")
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// `1.234` for 1,234,000 ns: three decimals, no floating point.
    static func milliseconds(_ duration: Duration) -> String {
        let nanoseconds = max(0, duration.components.seconds * 1_000_000_000 + duration.components.attoseconds / 1_000_000_000)
        let micro = nanoseconds / 1000
        let fraction = String(micro % 1000)
        return "\(micro / 1000)." + String(repeating: "0", count: 3 - fraction.count) + fraction
    }

    static func percent(_ part: Duration, of whole: Duration) -> String {
        guard whole > .zero else { return "-" }
        let tenths = Int((part / whole) * 1000 + 0.5)
        return "\(tenths / 10).\(tenths % 10)%"
    }
}

extension RenderTrace {
    /// Per workflow type: renders, skips, self time and the top reasons it
    /// rendered, over the passes kept (D1).
    public func summary() -> RenderTraceSummary {
        Self.checkMainQueue("summary() was called")
        return RenderTraceSummary(self)
    }
}
