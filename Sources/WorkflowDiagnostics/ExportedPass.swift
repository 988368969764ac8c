// What an export shows of one kept pass, whatever the file format: the
// pass's slice, its action steps, each node's render as a slice and each
// skip as an instant, with their arguments, and a cascade's arrow. The
// Chrome JSON writer and the Perfetto writer both write these, so the two
// formats show the same thing.

/// A value in an exported event's arguments.
enum ExportedArgument {
    case string(String)
    case number(Int)
    /// Written as microseconds.
    case microseconds(UInt64)
}

/// A slice (`begin...end`) or an instant (`begin == end`) of an exported
/// pass.
struct ExportedEvent {
    var isSlice: Bool
    /// "pass", "action", "render" or "skip".
    var category: String
    var name: String
    var begin: UInt64
    var end: UInt64
    /// How deep it nests: 0 for the pass, 1 for its action steps and the
    /// root's render, one more per level of the tree. It decides, between
    /// events at the same time, which holds which.
    var depth: Int
    var args: [(String, ExportedArgument)]
}

/// The events of one pass, in the order the Chrome export writes them: the
/// pass, its action steps, then its nodes, a parent before its children.
struct ExportedPass {
    var events: [ExportedEvent] = []
    /// A cascade's arrow, from the sending node's action (an index into
    /// `events`) to that node's render in the pass, else the root's; `id`
    /// is the pass's number.
    var flow: (id: Int, from: Int, to: Int)?

    init(_ pass: DecodedPass, table: NodeTable, names: inout NodeNames) {
        let header = pass.header
        let title = (header.trigger == .action ? "cascade: " : "") + pass.title(table: table, names: &names)
        var args: [(String, ExportedArgument)] = [
            ("pass", .number(header.number)),
            ("host", .string("\(header.host) (\(names.name(header.rootType)))")),
            ("rendered", .number(pass.renderCount)),
            ("skipped", .number(pass.skipCount)),
        ]
        if pass.isSummarized {
            args.append(("summarized", .string("larger than the byte budget: its slowest renders only")))
        }
        events.reserveCapacity(1 + pass.actions.count + pass.nodes.count)
        events.append(ExportedEvent(
            isSlice: true, category: "pass", name: title, begin: header.begin, end: header.end, depth: 0, args: args
        ))
        for step in pass.actions {
            events.append(ExportedEvent(
                isSlice: true, category: "action",
                name: names.name(step.actionType) + " at " + names.nodeName(step.entry, in: table),
                begin: step.begin, end: step.end, depth: 1, args: [
                    ("path", .string(names.path(step.entry, in: table))),
                    ("state", .string("\(step.stateChange)")),
                    ("reached by output", .string(step.reachedByOutput ? "yes" : "no")),
                ]
            ))
        }
        // A summary's slowest renders are not nested as a tree: they come
        // slowest first, each with its depth.
        let firstNode = events.count
        for node in pass.nodes {
            let name = names.nodeName(node.entry, in: table)
            let path = names.path(node.entry, in: table)
            if node.reason.didRender {
                events.append(ExportedEvent(
                    isSlice: true, category: "render", name: name, begin: node.begin, end: node.end,
                    depth: node.depth + 1, args: [
                        ("reason", .string(node.reason.description)),
                        ("path", .string(path)),
                        ("self (us)", .microseconds(node.selfTime)),
                    ]
                ))
            } else {
                events.append(ExportedEvent(
                    isSlice: false, category: "skip", name: name, begin: node.begin, end: node.begin,
                    depth: node.depth + 1, args: [
                        ("reason", .string(node.reason.description)),
                        ("path", .string(path)),
                    ]
                ))
            }
        }
        // The arrow; none if nothing rendered.
        if let sending = pass.actions.first, !pass.isSummarized {
            let target = pass.nodes.firstIndex { $0.entry == sending.entry && $0.reason.didRender }
                ?? (pass.nodes.isEmpty ? nil : 0)
            if let target {
                flow = (id: header.number, from: 1, to: firstNode + target)
            }
        }
    }
}

extension RenderTrace {
    /// The kept passes an export writes, oldest first, one at a time:
    /// `window`, only those that ended in that much time before now.
    func forEachExportedPass(within window: Duration?, _ body: (ExportedPass) throws -> Void) rethrows {
        var names = NodeNames()
        let table = store.pointee.table
        let since = window.map { Self.windowStart(now: exportClock(), window: $0) } ?? 0
        try forEachVisiblePass { pass in
            guard pass.header.end >= since else { return }
            try body(ExportedPass(pass, table: table, names: &names))
            // Paths are formatted per pass: a long export keeps one pass's.
            names.forgetPaths()
        }
    }

    /// The earliest end time a pass may have to be in a window of `window`
    /// ending at `now`. The clock counts from boot, so a window longer than
    /// the time since then starts at 0 and keeps every pass: nothing here
    /// wraps around.
    static func windowStart(now: UInt64, window: Duration) -> UInt64 {
        let length = nanoseconds(window)
        return now > length ? now - length : 0
    }

    /// `duration` in nanoseconds, 0 if negative, `UInt64.max` if longer
    /// than that.
    static func nanoseconds(_ duration: Duration) -> UInt64 {
        let (seconds, attoseconds) = duration.components
        guard seconds >= 0, attoseconds >= 0 else { return 0 }
        let (whole, overflow) = UInt64(seconds).multipliedReportingOverflow(by: 1_000_000_000)
        let (total, carry) = whole.addingReportingOverflow(UInt64(attoseconds / 1_000_000_000))
        return overflow || carry ? .max : total
    }
}
