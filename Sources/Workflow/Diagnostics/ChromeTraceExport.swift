#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

// The Chrome trace-event format (JSON), which https://ui.perfetto.dev and
// chrome://tracing open: one track, the main queue, where every pass is a
// slice holding its action steps and the render of the root, each node's
// render a slice inside its parent's, each skipped child an instant event,
// and each cascade a flow arrow from the sending node's action to its
// render (or to the root's, if the sending node did not render).

extension RenderTrace {
    /// The passes kept, as a Chrome trace-event JSON text (D1): the whole
    /// document in memory. `writeChromeTrace(toFile:)` streams it instead.
    ///
    /// Slices: `cat` "pass" (one per cascade, update or first render),
    /// "action" (each node an action applied at), "render" (each node
    /// rendered, with its reason, path and self time in `args`); instant
    /// events of `cat` "skip" for the children skipped; flow events ("s",
    /// "f") of `cat` "cascade". Timestamps are microseconds since the trace
    /// was made. A pass kept as a summary (larger than `byteLimit`) shows
    /// its slowest renders, each at its depth, with the counts in the
    /// pass's `args`.
    public func chromeTraceJSON(within window: Duration? = nil) -> String {
        var text = ""
        writeChromeTrace(to: &text, within: window)
        return text
    }

    /// Writes the passes kept, as `chromeTraceJSON()` would, one pass at a
    /// time: the memory it takes is one pass's, not the document's.
    /// `window`: only the passes that ended in that much time before now
    /// (the last seconds before something was found slow).
    public func writeChromeTrace<Output: TextOutputStream>(to output: inout Output, within window: Duration? = nil) {
        var json = JSONText()
        json.raw(#"{"displayTimeUnit":"ns","traceEvents":["#)
        json.raw(#"{"ph":"M","pid":1,"tid":1,"name":"process_name","args":{"name":"FastWorkflow"}},"#)
        json.raw(#"{"ph":"M","pid":1,"tid":1,"name":"thread_name","args":{"name":"main queue"}}"#)
        output.write(json.take())
        var names = NodeNames()
        let writer = ChromeTraceWriter(origin: origin, table: store.pointee.table)
        let since = window.map { now() &- Self.nanoseconds($0) } ?? 0
        forEachVisiblePass { pass in
            guard pass.header.end >= since else { return }
            writer.write(pass, names: &names, into: &json)
            // Paths are formatted per pass: a long export keeps one pass's.
            names.forgetPaths()
            output.write(json.take())
        }
        output.write("]}\n")
    }

    /// Writes the passes kept to the file at `path`, streamed as
    /// `writeChromeTrace(to:)` does; throws if the file cannot be written.
    public func writeChromeTrace(toFile path: String, within window: Duration? = nil) throws {
        guard let file = fopen(path, "w") else { throw ChromeTraceWriteError(path: path, code: errno) }
        var output = FileOutput(file: file)
        writeChromeTrace(to: &output, within: window)
        let failed = ferror(file) != 0
        let code = errno
        if fclose(file) != 0 || failed { throw ChromeTraceWriteError(path: path, code: code) }
    }

    static func nanoseconds(_ duration: Duration) -> UInt64 {
        let (seconds, attoseconds) = duration.components
        return UInt64(max(0, seconds)) &* 1_000_000_000 &+ UInt64(max(0, attoseconds / 1_000_000_000))
    }
}

/// A Chrome trace file could not be written.
public struct ChromeTraceWriteError: Error, CustomStringConvertible {
    /// The file.
    public let path: String
    /// The system's error number (`errno`).
    public let code: Int32

    /// The file and the error number, as a sentence.
    public var description: String { "cannot write the render trace to \(path) (errno \(code))" }
}

/// A C stream as a `TextOutputStream`: the export's file.
private struct FileOutput: TextOutputStream {
    let file: UnsafeMutablePointer<FILE>

    mutating func write(_ string: String) {
        var string = string
        string.withUTF8 { bytes in
            _ = fwrite(bytes.baseAddress, 1, bytes.count, file)
        }
    }
}

/// Writes the events of one pass, after the events before it.
private struct ChromeTraceWriter {
    let origin: UInt64
    let table: NodeTable

    func write(_ pass: DecodedPass, names: inout NodeNames, into json: inout JSONText) {
        let header = pass.header
        let sending = pass.actions.first
        let title = (header.trigger == .action ? "cascade: " : "") + pass.title(table: table, names: &names)
        var args: [(String, Argument)] = [
            ("pass", .number(header.number)),
            ("host", .string("\(header.host) (\(names.name(header.rootType)))")),
            ("rendered", .number(pass.renderCount)),
            ("skipped", .number(pass.skipCount)),
        ]
        if pass.isSummarized {
            args.append(("summarized", .string("larger than the byte budget: its slowest renders only")))
        }
        slice(title, category: "pass", begin: header.begin, end: header.end, args: args, into: &json)
        for step in pass.actions {
            slice(names.name(step.actionType) + " at " + names.nodeName(step.entry, in: table), category: "action",
                  begin: step.begin, end: step.end, args: [
                      ("path", .string(names.path(step.entry, in: table))),
                      ("state", .string("\(step.stateChange)")),
                      ("reached by output", .string(step.reachedByOutput ? "yes" : "no")),
                  ], into: &json)
        }
        // A summary's slowest renders are not nested: they are written
        // slowest first, each a slice of its own.
        for node in pass.nodes {
            let name = names.nodeName(node.entry, in: table)
            let path = names.path(node.entry, in: table)
            if node.reason.didRender {
                slice(name, category: "render", begin: node.begin, end: node.end, args: [
                    ("reason", .string(node.reason.description)),
                    ("path", .string(path)),
                    ("self (us)", .microseconds(node.selfTime)),
                ], into: &json)
            } else {
                event("i", category: "skip", name: name, at: node.begin, extra: #","s":"t""#, args: [
                    ("reason", .string(node.reason.description)),
                    ("path", .string(path)),
                ], into: &json)
            }
        }
        // The arrow: from the sending node's action to its render in this
        // pass, else to the root's; none if nothing rendered.
        if let sending, !pass.isSummarized {
            let target = pass.nodes.first { $0.entry == sending.entry && $0.reason.didRender } ?? pass.nodes.first
            guard let target else { return }
            event("s", category: "cascade", name: "cascade", at: sending.begin + 1, extra: #","bp":"e","id":\#(header.number)"#, args: [], into: &json)
            event("f", category: "cascade", name: "cascade", at: target.begin + 1, extra: #","bp":"e","id":\#(header.number)"#, args: [], into: &json)
        }
    }

    /// A complete event ("X"): a slice from `begin` to `end`.
    private func slice(
        _ name: String, category: String, begin: UInt64, end: UInt64, args: [(String, Argument)], into json: inout JSONText
    ) {
        var duration = JSONText()
        duration.raw(#","dur":"#)
        duration.microseconds(end - begin)
        event("X", category: category, name: name, at: begin, extra: duration.text, args: args, into: &json)
    }

    /// One event of phase `phase` at `time`; `extra` is written as it is.
    private func event(
        _ phase: String, category: String, name: String, at time: UInt64, extra: String, args: [(String, Argument)],
        into json: inout JSONText
    ) {
        json.raw(#",{"ph":""# + phase + #"","pid":1,"tid":1,"cat":"#)
        json.string(category)
        json.raw(#","name":"#)
        json.string(name)
        json.raw(#","ts":"#)
        json.microseconds(time - origin)
        json.raw(extra)
        if !args.isEmpty {
            json.raw(#","args":{"#)
            for (index, (key, value)) in args.enumerated() {
                if index > 0 { json.raw(",") }
                json.string(key)
                json.raw(":")
                switch value {
                case let .string(text): json.string(text)
                case let .number(number): json.raw(String(number))
                case let .microseconds(nanoseconds): json.microseconds(nanoseconds)
                }
            }
            json.raw("}")
        }
        json.raw("}")
    }
}

/// A value in an event's `args`.
private enum Argument {
    case string(String)
    case number(Int)
    case microseconds(UInt64)
}
