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
        Self.checkMainQueue("chromeTraceJSON(within:) was called")
        var text = ""
        writeChromeTrace(to: &text, within: window)
        return text
    }

    /// Writes the passes kept, as `chromeTraceJSON()` would, one pass at a
    /// time: the memory it takes is one pass's, not the document's.
    /// `window`: only the passes that ended in that much time before now
    /// (the last seconds before something was found slow).
    public func writeChromeTrace<Output: TextOutputStream>(to output: inout Output, within window: Duration? = nil) {
        Self.checkMainQueue("writeChromeTrace(to:within:) was called")
        var json = JSONText()
        json.raw(#"{"displayTimeUnit":"ns","traceEvents":["#)
        json.raw(#"{"ph":"M","pid":1,"tid":1,"name":"process_name","args":{"name":"FastWorkflow"}},"#)
        json.raw(#"{"ph":"M","pid":1,"tid":1,"name":"thread_name","args":{"name":"main queue"}}"#)
        output.write(json.take())
        let writer = ChromeTraceWriter(origin: origin)
        forEachExportedPass(within: window) { pass in
            writer.write(pass, into: &json)
            output.write(json.take())
        }
        output.write("]}\n")
    }

    /// Writes the passes kept to the file at `path`, streamed as
    /// `writeChromeTrace(to:)` does; throws if the file cannot be written.
    public func writeChromeTrace(toFile path: String, within window: Duration? = nil) throws {
        Self.checkMainQueue("writeChromeTrace(toFile:within:) was called")
        try writeTraceFile(path) { file in
            var output = FileOutput(file: file)
            writeChromeTrace(to: &output, within: window)
        }
    }
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

    func write(_ pass: ExportedPass, into json: inout JSONText) {
        for event in pass.events {
            if event.isSlice {
                slice(event.name, category: event.category, begin: event.begin, end: event.end, args: event.args, into: &json)
            } else {
                self.event("i", category: event.category, name: event.name, at: event.begin, extra: #","s":"t""#,
                           args: event.args, into: &json)
            }
        }
        // The arrow, bound to the slices that hold its ends.
        if let flow = pass.flow {
            let extra = #","bp":"e","id":\#(flow.id)"#
            event("s", category: "cascade", name: "cascade", at: pass.events[flow.from].begin + 1, extra: extra, args: [], into: &json)
            event("f", category: "cascade", name: "cascade", at: pass.events[flow.to].begin + 1, extra: extra, args: [], into: &json)
        }
    }

    /// A complete event ("X"): a slice from `begin` to `end`.
    private func slice(
        _ name: String, category: String, begin: UInt64, end: UInt64, args: [(String, ExportedArgument)], into json: inout JSONText
    ) {
        var duration = JSONText()
        duration.raw(#","dur":"#)
        duration.microseconds(end - begin)
        event("X", category: category, name: name, at: begin, extra: duration.text, args: args, into: &json)
    }

    /// One event of phase `phase` at `time`; `extra` is written as it is.
    private func event(
        _ phase: String, category: String, name: String, at time: UInt64, extra: String, args: [(String, ExportedArgument)],
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
