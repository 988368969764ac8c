// The Chrome trace-event format (JSON), which https://ui.perfetto.dev and
// chrome://tracing open: one track, the main queue, where every pass is a
// slice holding its action steps and the render of the root, each node's
// render a slice inside its parent's, each skipped child an instant event,
// and each cascade a flow arrow from the sending node's action to its
// render (or to the root's, if the sending node did not render).

extension RenderTrace {
    /// The passes kept, as a Chrome trace-event JSON text (D1).
    ///
    /// Slices: `cat` "pass" (one per cascade, update or first render),
    /// "action" (each node an action applied at), "render" (each node
    /// rendered, with its reason, path and self time in `args`); instant
    /// events of `cat` "skip" for the children skipped; flow events ("s",
    /// "f") of `cat` "cascade". Timestamps are microseconds since the trace
    /// was made.
    public func chromeTraceJSON() -> String {
        var json = JSONText()
        var names = TypeNames()
        json.raw(#"{"displayTimeUnit":"ns","traceEvents":["#)
        json.raw(#"{"ph":"M","pid":1,"tid":1,"name":"process_name","args":{"name":"FastWorkflow"}},"#)
        json.raw(#"{"ph":"M","pid":1,"tid":1,"name":"thread_name","args":{"name":"main queue"}}"#)
        let writer = ChromeTraceWriter(origin: origin)
        for record in recorded.suffix(passLimit) {
            writer.write(DecodedPass(record, names: &names), names: &names, into: &json)
        }
        json.raw("]}\n")
        return json.text
    }
}

/// Writes the events of one pass, after the events before it.
private struct ChromeTraceWriter {
    let origin: UInt64

    func write(_ pass: DecodedPass, names: inout TypeNames, into json: inout JSONText) {
        let record = pass.record
        let rendered = pass.nodes.count { $0.reason.didRender }
        let sending = record.actions.first
        let title = (record.trigger == .action ? "cascade: " : "") + pass.title(names: &names)
        slice(title, category: "pass", begin: record.begin, end: record.end, args: [
            ("pass", .number(record.number)),
            ("host", .string("\(record.host) (\(names.name(record.rootType)))")),
            ("rendered", .number(rendered)),
            ("skipped", .number(pass.nodes.count - rendered)),
        ], into: &json)
        for step in record.actions {
            let node = step.path.last!
            slice(names.name(step.actionType) + " at " + names.nodeName(node.workflowType, key: node.key), category: "action",
                  begin: step.begin, end: step.end, args: [
                      ("path", .string(names.path(step.path))),
                      ("state", .string("\(step.stateChange)")),
                      ("reached by output", .string(step.reachedByOutput ? "yes" : "no")),
                  ], into: &json)
        }
        for node in pass.nodes {
            if node.reason.didRender {
                slice(node.name, category: "render", begin: node.begin, end: node.end, args: [
                    ("reason", .string(node.reason.description)),
                    ("path", .string(node.path)),
                    ("self (us)", .microseconds(node.selfTime)),
                ], into: &json)
            } else {
                event("i", category: "skip", name: node.name, at: node.begin, extra: #","s":"t""#, args: [
                    ("reason", .string(node.reason.description)),
                    ("path", .string(node.path)),
                ], into: &json)
            }
        }
        // The arrow: from the sending node's action to its render in this
        // pass, else to the root's; none if nothing rendered.
        if let sending {
            let path = names.path(sending.path)
            let target = pass.nodes.first { $0.node == sending.node && $0.path == path && $0.reason.didRender } ?? pass.nodes.first
            guard let target else { return }
            event("s", category: "cascade", name: "cascade", at: sending.begin + 1, extra: #","bp":"e","id":\#(record.number)"#, args: [], into: &json)
            event("f", category: "cascade", name: "cascade", at: target.begin + 1, extra: #","bp":"e","id":\#(record.number)"#, args: [], into: &json)
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
