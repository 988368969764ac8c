import Foundation
import Testing
@testable import Workflow
@testable import WorkflowDiagnostics

// An export's window (D1): the passes that ended in the last `window` before
// now. The clock counts from boot, so these tests never read it for their
// verdict: windows are chosen relative to the recorded times, or longer than
// any machine's uptime.

private struct Rows: Workflow, Equatable {
    var rows: Int
    var generation = 0

    typealias State = Void

    func render(state: Void, context: RenderContext<Rows>) -> Int {
        var total = 0
        for index in 0..<rows {
            total += Row(index: index).rendered(in: context, key: String(index))
        }
        return total + generation
    }
}

private struct Row: Workflow, Equatable {
    var index: Int

    typealias State = Void

    func render(state: Void, context: RenderContext<Row>) -> Int { index }
}

private func passNames(_ json: String) throws -> [String] {
    let object = try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any]
    let events = try #require(object?["traceEvents"] as? [[String: Any]])
    return events.filter { $0["cat"] as? String == "pass" }.compactMap { $0["name"] as? String }
}

@MainActor
@Suite("Render trace windows")
struct RenderTraceWindowTests {
    @Test("D1: a window longer than the time since boot keeps every pass, in every format (no wrap-around)")
    func windowLongerThanUptime() throws {
        let trace = RenderTrace()
        let host = WorkflowHost(workflow: Rows(rows: 3), renderTrace: trace)
        host.update(workflow: Rows(rows: 3, generation: 1))
        // A century: longer than any machine has been up, and than the
        // clock's reading now, whatever the uptime.
        let century = Duration.seconds(100 * 365 * 24 * 3_600)
        #expect(try passNames(trace.chromeTraceJSON(within: century)).count == 2)
        #expect(trace.chromeTraceJSON(within: century) == trace.chromeTraceJSON())
        #expect(trace.perfettoTrace(within: century) == trace.perfettoTrace())
        // And one longer than a UInt64 of nanoseconds holds.
        #expect(trace.chromeTraceJSON(within: .seconds(Int64.max)) == trace.chromeTraceJSON())
    }

    @Test("D1: a window's start is clamped at the clock's zero, and a window too long for nanoseconds saturates")
    func windowArithmetic() {
        // A machine booted a minute ago, asked for the last hour.
        #expect(RenderTrace.windowStart(now: 60_000_000_000, window: .seconds(3_600)) == 0)
        #expect(RenderTrace.windowStart(now: 60_000_000_000, window: .seconds(60)) == 0)
        #expect(RenderTrace.windowStart(now: 60_000_000_000, window: .seconds(59)) == 1_000_000_000)
        #expect(RenderTrace.windowStart(now: 5, window: .zero) == 5)
        #expect(RenderTrace.nanoseconds(.seconds(Int64.max)) == .max)
        #expect(RenderTrace.nanoseconds(.seconds(-1)) == 0)
        #expect(RenderTrace.nanoseconds(.milliseconds(1_500)) == 1_500_000_000)
    }

    @Test("D1: a dump of the last seconds (a watchdog's) holds the passes that ended in them, not the older ones")
    func dumpRecentWindow() throws {
        let trace = RenderTrace()
        let host = WorkflowHost(workflow: Rows(rows: 5), renderTrace: trace)
        host.update(workflow: Rows(rows: 5, generation: 1))
        let ends = trace.store.pointee.kept.map(\.end)
        try #require(ends.count == 2)
        // Now is taken 2 s after the update ended, and the first render
        // ended before that: a window of 2 s plus half the gap between the
        // two holds the update and not the first render.
        trace.exportTime = ends[1] + 2_000_000_000
        let window = Duration.nanoseconds(Int64(2_000_000_000 + (ends[1] - ends[0]) / 2))
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("render-dump-\(UUID()).json")
        defer { try? FileManager.default.removeItem(at: file) }
        try trace.writeChromeTrace(toFile: file.path, within: window)
        let json = try String(contentsOf: file, encoding: .utf8)
        #expect(try passNames(json) == ["update(workflow:) of Rows"])
        #expect(json.components(separatedBy: "\"cat\":\"skip\"").count - 1 == 5)
        // In memory too; a window that starts after the update keeps
        // nothing, and a longer one both passes.
        #expect(try passNames(trace.chromeTraceJSON(within: window)) == ["update(workflow:) of Rows"])
        #expect(try passNames(trace.chromeTraceJSON(within: .seconds(1))).isEmpty)
        let both = Duration.nanoseconds(Int64(2_000_000_000 + (ends[1] - ends[0]) + 1))
        #expect(try passNames(trace.chromeTraceJSON(within: both)).count == 2)
    }
}
