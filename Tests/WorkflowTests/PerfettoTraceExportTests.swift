import Foundation
import Testing
@_spi(WorkflowRuntimeConfig) import Workflow
import WorkflowDiagnostics

// The Perfetto export (D1), read back with a wire-format reader of its own:
// the packets, the tracks, the slices nested by their begin and end events,
// the interned names and the arguments, checked against the Chrome JSON of
// the same trace.

/// A board of two cells; a cell's action bumps its count and tells the
/// board, whose count goes up too: a cascade that renders the board and
/// that cell, and skips the other.
private struct Board: Workflow, Equatable {
    typealias State = Int

    enum Action: WorkflowAction {
        typealias WorkflowType = Board
        case bumped

        func apply(toState state: inout Int, context: ApplyContext<Board>) -> Never? {
            state += 1
            return nil
        }
    }

    func makeInitialState() -> Int { 0 }

    func render(state: Int, context: RenderContext<Board>) -> [String: Sink<Cell.Action>] {
        var sinks: [String: Sink<Cell.Action>] = [:]
        for key in ["a", "b"] {
            sinks[key] = Cell().rendered(in: context, key: key, outputMap: { _ in Action.bumped })
        }
        return sinks
    }
}

private struct Cell: Workflow, Equatable {
    typealias State = Int
    typealias Output = Void

    enum Action: WorkflowAction {
        typealias WorkflowType = Cell
        case bump

        func apply(toState state: inout Int, context: ApplyContext<Cell>) -> Void? {
            state += 1
            return ()
        }
    }

    func makeInitialState() -> Int { 0 }

    func render(state: Int, context: RenderContext<Cell>) -> Sink<Action> {
        context.makeSink(of: Action.self)
    }
}

/// `rows` rows under one root, each holding one cell: three levels, for a
/// pass too large for a small budget. With `slow`, the root and the cell of
/// row 7 each take 5 ms of their own, so that a summary's slowest renders
/// hold a node and its ancestor whatever else the machine is doing.
private struct Grid: Workflow {
    var rows: Int
    var slow = false
    typealias State = Void

    func render(state: Void, context: RenderContext<Grid>) -> Int {
        let total = (0..<rows).reduce(0) {
            $0 + GridRow(index: $1, slow: slow && $1 == 7).rendered(in: context, key: String($1))
        }
        if slow { spin() }
        return total
    }
}

/// Busy for 5 ms.
private func spin() {
    let end = ContinuousClock.now + .milliseconds(5)
    while ContinuousClock.now < end {}
}

private struct GridRow: Workflow, Equatable {
    var index: Int
    var slow = false
    typealias State = Void

    func render(state: Void, context: RenderContext<GridRow>) -> Int {
        GridCell(index: index, slow: slow).rendered(in: context, key: "cell")
    }
}

private struct GridCell: Workflow, Equatable {
    var index: Int
    var slow = false
    typealias State = Void

    func render(state: Void, context: RenderContext<GridCell>) -> Int {
        if slow { spin() }
        return index
    }
}

/// A protobuf message read field by field.
private struct WireMessage {
    /// A field: its number, and its value as a varint or fixed64 (`value`)
    /// or its length-delimited bytes.
    struct Field {
        var number: Int
        var value: UInt64 = 0
        var bytes: [UInt8] = []
    }

    struct Malformed: Error {}

    var fields: [Field] = []

    init(_ bytes: [UInt8]) throws {
        var index = 0
        func varint() throws -> UInt64 {
            var value: UInt64 = 0
            var shift: UInt64 = 0
            while true {
                guard index < bytes.count, shift < 64 else { throw Malformed() }
                let byte = bytes[index]
                index += 1
                value |= UInt64(byte & 0x7F) << shift
                if byte < 0x80 { return value }
                shift += 7
            }
        }
        while index < bytes.count {
            let key = try varint()
            var field = Field(number: Int(key >> 3))
            switch key & 7 {
            case 0: field.value = try varint()
            case 1:
                guard index + 8 <= bytes.count else { throw Malformed() }
                for shift in 0..<8 { field.value |= UInt64(bytes[index + shift]) << UInt64(8 * shift) }
                index += 8
            case 2:
                let length = Int(try varint())
                guard index + length <= bytes.count else { throw Malformed() }
                field.bytes = Array(bytes[index..<(index + length)])
                index += length
            default: throw Malformed()
            }
            fields.append(field)
        }
    }

    func all(_ number: Int) -> [Field] { fields.filter { $0.number == number } }
    func value(_ number: Int) -> UInt64? { all(number).last?.value }
    func string(_ number: Int) -> String? { all(number).last.map { String(decoding: $0.bytes, as: UTF8.self) } }
    func message(_ number: Int) throws -> WireMessage? { try all(number).last.map { try WireMessage($0.bytes) } }
    func messages(_ number: Int) throws -> [WireMessage] { try all(number).map { try WireMessage($0.bytes) } }
}

/// A slice or an instant rebuilt from the track events, names resolved.
private struct ReadEvent {
    var isSlice: Bool
    var category: String
    var name: String
    var begin: UInt64
    var end: UInt64
    var parent: Int?
    var args: [String: String]
    var flowsOut: [UInt64]
    var flowsIn: [UInt64]
}

/// A Perfetto trace read back: its packets, and its events nested as the
/// begin and end events nest them.
private struct ReadTrace {
    var packets: [WireMessage] = []
    var events: [ReadEvent] = []
    var tracks: [WireMessage] = []
    var eventTracks: Set<UInt64> = []
    var problems: [String] = []

    init(_ bytes: [UInt8]) throws {
        let trace = try WireMessage(bytes)
        #expect(trace.fields.allSatisfy { $0.number == 1 }, "a Trace holds packets only")
        packets = try trace.messages(1)
        var interned: [UInt64: String] = [:]
        // Every string an iid has stood for, across resets: one at most.
        var everInterned: [UInt64: String] = [:]
        var stateValid = false
        var open: [Int] = []
        var lastTime: UInt64 = 0
        for packet in packets {
            if packet.value(10) != 1 { problems.append("packet off sequence 1") }
            if let track = try packet.message(60) { tracks.append(track) }
            let flags = packet.value(13) ?? 0
            if flags & 1 != 0 { stateValid = true; interned = [:] }
            if let data = try packet.message(12) {
                for field in [1, 2, 3] {
                    for entry in try data.messages(field) {
                        let id = entry.value(1)!
                        if interned[id] != nil { problems.append("iid \(id) interned twice") }
                        interned[id] = entry.string(2)
                        if let earlier = everInterned.updateValue(entry.string(2)!, forKey: id), earlier != entry.string(2) {
                            problems.append("iid \(id) reused for another string")
                        }
                    }
                }
            }
            guard let event = try packet.message(11) else { continue }
            if flags & 2 == 0 || !stateValid { problems.append("an event packet without valid incremental state") }
            let time = packet.value(8)!
            if time < lastTime { problems.append("time goes back at \(time)") }
            lastTime = time
            eventTracks.insert(event.value(11) ?? 0)
            func name(_ id: UInt64?) -> String {
                guard let id, let name = interned[id] else { return "<iid \(String(describing: id)) not interned>" }
                return name
            }
            switch event.value(9) {
            case 1, 3:
                var args: [String: String] = [:]
                for annotation in try event.messages(4) {
                    let value = annotation.string(6)
                        ?? annotation.value(4).map { String(Int64(bitPattern: $0)) }
                        ?? annotation.value(5).map { String(Double(bitPattern: $0)) }
                    args[name(annotation.value(1))] = value
                }
                let isSlice = event.value(9) == 1
                events.append(ReadEvent(
                    isSlice: isSlice, category: name(event.value(3)), name: name(event.value(10)),
                    begin: time, end: time, parent: open.last, args: args,
                    flowsOut: event.all(47).map(\.value), flowsIn: event.all(48).map(\.value)
                ))
                if isSlice { open.append(events.count - 1) }
            case 2:
                guard let slice = open.popLast() else { problems.append("an end with no open slice"); continue }
                events[slice].end = time
            default: problems.append("an event of type \(String(describing: event.value(9)))")
            }
        }
        if !open.isEmpty { problems.append("\(open.count) slices left open") }
    }

    func path(_ index: Int) -> [String] {
        var names: [String] = []
        var next: Int? = index
        while let current = next {
            names.insert(events[current].name, at: 0)
            next = events[current].parent
        }
        return names
    }
}

@MainActor
@Suite("Perfetto trace export")
struct PerfettoTraceExportTests {
    private func tracedBoard() -> (RenderTrace, WorkflowHost<Board>) {
        let trace = RenderTrace()
        let host = Runtime.withConfiguration(override: { $0.renderSkipping = true }) {
            WorkflowHost(workflow: Board(), renderTrace: trace)
        }
        host.rendering["a"]!.send(.bump)
        return (trace, host)
    }

    @Test("D1: the Perfetto trace is packets on one sequence: a process track, its main-queue thread track, then track events on it")
    func packetsAndTracks() throws {
        let (trace, _) = tracedBoard()
        let read = try ReadTrace(trace.perfettoTrace())
        #expect(read.problems == [])
        #expect(read.tracks.count == 2)
        let process = try #require(try read.tracks.first?.message(3))
        #expect(process.string(6) == "FastWorkflow")
        let thread = try #require(try read.tracks.last?.message(4))
        #expect(thread.string(5) == "main queue")
        #expect(read.tracks.last?.value(5) == read.tracks.first?.value(1), "the thread track is the process's")
        #expect(read.eventTracks == [read.tracks.last!.value(1)!])
        // The first event packet starts the interned state; none before.
        let firstEvent = try #require(read.packets.firstIndex { $0.all(11).count == 1 })
        #expect(read.packets[firstEvent].value(13) == 3)
        #expect(read.packets[..<firstEvent].allSatisfy { $0.value(13) == nil })
    }

    @Test("D1: Perfetto slices nest as the tree: pass, action, root render, cell render; the skipped cell an instant in the root's")
    func nesting() throws {
        let (trace, _) = tracedBoard()
        let read = try ReadTrace(trace.perfettoTrace())
        #expect(read.problems == [])
        let passes = read.events.filter { $0.category == "pass" }
        #expect(passes.map(\.name) == ["first render of Board", "cascade: Action at Cell[a]"])
        let cascade = try #require(read.events.firstIndex { $0.name == "cascade: Action at Cell[a]" })
        let inCascade = read.events.indices.filter { $0 > cascade }
        let paths = inCascade.map { read.path($0) }
        #expect(paths == [
            ["cascade: Action at Cell[a]", "Action at Cell[a]"],
            ["cascade: Action at Cell[a]", "Action at Board"],
            ["cascade: Action at Cell[a]", "Board"],
            ["cascade: Action at Cell[a]", "Board", "Cell[a]"],
            ["cascade: Action at Cell[a]", "Board", "Cell[b]"],
        ])
        let root = read.events[inCascade[2]]
        let cell = read.events[inCascade[3]]
        #expect(root.category == "render" && root.args["reason"] == "state changed")
        #expect(cell.args["reason"] == "state changed" && cell.args["path"] == "Board/Cell[a]")
        #expect(root.begin <= cell.begin && cell.end <= root.end && cell.begin < cell.end)
        let skip = read.events[inCascade[4]]
        #expect(!skip.isSlice && skip.category == "skip" && skip.args["reason"] == "skipped: clean, equal props")
        // The cascade's arrow: from the sending cell's action to its render.
        let action = read.events[inCascade[0]]
        #expect(action.flowsOut.count == 1 && action.flowsOut == cell.flowsIn)
    }

    /// The events of the trace's Chrome JSON and of its Perfetto file, each
    /// as a line (category, name, time, duration, arguments), sorted.
    private func chromeAndPerfettoEvents(of trace: RenderTrace) throws -> (chrome: [String], perfetto: [String]) {
        let read = try ReadTrace(trace.perfettoTrace())
        #expect(read.problems == [])
        let json = try #require(
            try JSONSerialization.jsonObject(with: Data(trace.chromeTraceJSON().utf8)) as? [String: Any]
        )
        let chrome = (json["traceEvents"] as? [[String: Any]] ?? []).filter { ["X", "i"].contains($0["ph"] as? String) }
        func describe(_ category: String, _ name: String, _ begin: Double, _ length: Double, _ args: [String: String]) -> String {
            let sorted = args.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: ",")
            return "\(category) \(name) @\(Int((begin * 1000).rounded())) +\(Int((length * 1000).rounded())) \(sorted)"
        }
        let fromChrome = chrome.map { event in
            let args = (event["args"] as? [String: Any] ?? [:]).mapValues { value -> String in
                if let number = value as? NSNumber, !(value is String) {
                    return number.doubleValue == number.doubleValue.rounded() ? String(number.int64Value) : String(number.doubleValue)
                }
                return "\(value)"
            }
            return describe(
                event["cat"] as! String, event["name"] as! String, event["ts"] as! Double,
                event["dur"] as? Double ?? 0, args
            )
        }
        let fromPerfetto = read.events.map { event in
            var args = event.args
            // Self time is a double in microseconds in both; JSON prints
            // whole ones without a fraction.
            if let time = args["self (us)"], let value = Double(time), value == value.rounded() {
                args["self (us)"] = String(Int(value))
            }
            return describe(event.category, event.name, Double(event.begin) / 1000, Double(event.end - event.begin) / 1000, args)
        }
        return (fromChrome.sorted(), fromPerfetto.sorted())
    }

    @Test("D1: the Perfetto trace shows the Chrome trace's events, names, arguments and times")
    func sameAsChromeTrace() throws {
        let (trace, _) = tracedBoard()
        let (chrome, perfetto) = try chromeAndPerfettoEvents(of: trace)
        #expect(chrome.count == 10, "4 in the first render, 6 in the cascade")
        #expect(perfetto == chrome)
    }

    @Test("D1: a pass kept as a summary nests its slowest renders in Perfetto each inside its nearest ancestor shown")
    func summarizedPass() throws {
        let trace = RenderTrace(byteLimit: 24 * 50)
        _ = WorkflowHost(workflow: Grid(rows: 40, slow: true), renderTrace: trace)
        #expect(trace.summary().summarizedPasses == 1)
        let read = try ReadTrace(trace.perfettoTrace())
        #expect(read.problems == [])
        let renders = read.events.indices.filter { read.events[$0].category == "render" }
        #expect(renders.count == 16)
        // Ancestors and descendants both among the slowest: the nesting
        // follows the paths.
        #expect(renders.contains { read.events[$0].args["path"] == "Grid/GridRow[7]/GridCell[cell]" })
        #expect(renders.contains { read.events[$0].args["path"] == "Grid" })
        for index in renders {
            let path = read.events[index].args["path"] ?? ""
            let parent = try #require(read.events[index].parent)
            let parentPath = read.events[parent].category == "render" ? read.events[parent].args["path"] ?? "" : nil
            if let parentPath { #expect(path.hasPrefix(parentPath + "/")) } else { #expect(read.events[parent].category == "pass") }
        }
        let (chrome, perfetto) = try chromeAndPerfettoEvents(of: trace)
        #expect(perfetto == chrome)
    }

    @Test("D1: past 20,000 interned strings the Perfetto trace starts its interned state over, with new iids, before the next pass")
    func internedStateStartsOver() throws {
        let trace = RenderTrace(byteLimit: 16 << 20)
        let host = WorkflowHost(workflow: Grid(rows: 21_000), renderTrace: trace)
        host.update(workflow: Grid(rows: 21_000))
        let read = try ReadTrace(trace.perfettoTrace())
        #expect(read.problems == [])
        let clears = read.packets.indices.filter { (read.packets[$0].value(13) ?? 0) & 1 != 0 }
        #expect(clears.count == 2)
        // The second pass names its rows again, through new iids.
        #expect(read.events.count { $0.name == "GridRow[20999]" } == 2)
        #expect(read.events.last { $0.category == "pass" }?.name == "update(workflow:) of Grid")
    }

    @Test("D1: the Perfetto trace streams a pass at a time, to a closure or a file, with the same bytes")
    func streaming() throws {
        let (trace, _) = tracedBoard()
        let whole = trace.perfettoTrace()
        var chunks: [[UInt8]] = []
        trace.writePerfettoTrace { chunks.append($0) }
        #expect(chunks.count == 3, "the descriptors, then one chunk per pass")
        #expect(Array(chunks.joined()) == whole)
        for chunk in chunks { #expect(try ReadTrace(chunk).packets.count > 0) }
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("perfetto-\(UUID()).pftrace").path
        defer { try? FileManager.default.removeItem(atPath: file) }
        try trace.writePerfettoTrace(toFile: file)
        #expect(try [UInt8](Data(contentsOf: URL(fileURLWithPath: file))) == whole)
        #expect(throws: RenderTraceWriteError.self) { try trace.writePerfettoTrace(toFile: "/nonexistent-directory/x.pftrace") }
        // A window shorter than the time since the passes ended: descriptors only.
        let empty = try ReadTrace(trace.perfettoTrace(within: .zero))
        #expect(empty.events.isEmpty && empty.tracks.count == 2)
    }
}
