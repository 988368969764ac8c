#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

// Perfetto's own trace format: a `Trace` message is nothing but repeated
// `packet` fields (field 1), so packets are appended as the passes are
// read and the file is never held whole. The packets, all on one sequence:
// two track descriptors (the process "FastWorkflow" and its thread "main
// queue", as in the Chrome export), then a track event per slice begin,
// slice end and instant of each pass (`ExportedPass`, the same events the
// JSON shows), their names, categories and argument names interned.
// Field numbers are those of Perfetto's public protos, given in comments.

extension RenderTrace {
    /// The passes kept, as a Perfetto trace (D1): the protobuf `Trace`
    /// that https://ui.perfetto.dev opens natively, the whole file in
    /// memory. `writePerfettoTrace(toFile:)` streams it instead.
    ///
    /// It shows what `chromeTraceJSON()` does, on one track: a slice per
    /// pass holding its action steps and the render of the root, each
    /// node's render a slice inside its parent's, each skip an instant,
    /// a flow per cascade. Categories, names and arguments are the JSON's;
    /// timestamps are nanoseconds since the trace was made.
    public func perfettoTrace(within window: Duration? = nil) -> [UInt8] {
        Self.checkMainQueue("perfettoTrace(within:) was called")
        var bytes: [UInt8] = []
        writePerfettoTrace(within: window) { bytes.append(contentsOf: $0) }
        return bytes
    }

    /// Writes the passes kept, as `perfettoTrace()` would, handing `write`
    /// the bytes one pass at a time (the descriptors first): appended in
    /// order, they make the file. The memory it takes is one pass's, and a
    /// table of names that starts over when it grows large.
    /// `window`: only the passes that ended in that much time before now.
    public func writePerfettoTrace(within window: Duration? = nil, to write: ([UInt8]) -> Void) {
        Self.checkMainQueue("writePerfettoTrace(within:to:) was called")
        var writer = PerfettoTraceWriter(origin: origin)
        write(writer.descriptors())
        forEachExportedPass(within: window) { pass in
            write(writer.packets(of: pass))
        }
    }

    /// Writes the passes kept to the file at `path` (by convention
    /// `.pftrace`), streamed as `writePerfettoTrace(to:)` does; throws if
    /// the file cannot be written.
    public func writePerfettoTrace(toFile path: String, within window: Duration? = nil) throws {
        Self.checkMainQueue("writePerfettoTrace(toFile:within:) was called")
        try writeTraceFile(path) { file in
            writePerfettoTrace(within: window) { bytes in
                bytes.withUnsafeBufferPointer { _ = fwrite($0.baseAddress, 1, $0.count, file) }
            }
        }
    }
}

/// Encodes the packets of a Perfetto trace, a pass at a time.
private struct PerfettoTraceWriter {
    let origin: UInt64
    private var encoder = ProtobufEncoder()
    private var names = InternTable()
    private var categories = InternTable()
    private var argumentNames = InternTable()
    /// The next interning ID. Never reused, even once the tables start
    /// over: an ID stands for one string in the whole trace.
    private var nextID: UInt64 = 1
    /// Whether the next packet starts the sequence's interned state anew.
    private var clearsState = true

    /// The tables start over past this many strings (a few hundred KB).
    private static let internedLimit = 20_000
    private static let sequence: UInt64 = 1
    private static let processTrack: UInt64 = 1
    private static let threadTrack: UInt64 = 2
    // TracePacket.SequenceFlags.
    private static let incrementalStateCleared: UInt64 = 1
    private static let needsIncrementalState: UInt64 = 2
    // TrackEvent.Type.
    private static let sliceBegin: UInt64 = 1
    private static let sliceEnd: UInt64 = 2
    private static let instant: UInt64 = 3

    init(origin: UInt64) {
        self.origin = origin
    }

    /// The process's track and the main queue's, as two packets.
    mutating func descriptors() -> [UInt8] {
        encoder.message(1) { packet in  // Trace.packet
            packet.unsigned(10, Self.sequence)  // TracePacket.trusted_packet_sequence_id
            packet.message(60) { track in  // TracePacket.track_descriptor
                track.unsigned(1, Self.processTrack)  // TrackDescriptor.uuid
                track.message(3) { process in  // TrackDescriptor.process
                    process.signed(1, 1)  // ProcessDescriptor.pid
                    process.string(6, "FastWorkflow")  // ProcessDescriptor.process_name
                }
            }
        }
        encoder.message(1) { packet in
            packet.unsigned(10, Self.sequence)
            packet.message(60) { track in
                track.unsigned(1, Self.threadTrack)
                track.unsigned(5, Self.processTrack)  // TrackDescriptor.parent_uuid
                track.message(4) { thread in  // TrackDescriptor.thread
                    thread.signed(1, 1)  // ThreadDescriptor.pid
                    thread.signed(2, 1)  // ThreadDescriptor.tid
                    thread.string(5, "main queue")  // ThreadDescriptor.thread_name
                }
            }
        }
        return encoder.take()
    }

    /// The packets of one pass. Perfetto nests slices on a track by time
    /// alone, from begin and end events in time order: they are written
    /// so, each slice's end clipped to its parent's, and between events at
    /// the same time the shallower one holds the deeper.
    mutating func packets(of pass: ExportedPass) -> [UInt8] {
        if names.count + categories.count + argumentNames.count > Self.internedLimit {
            names.removeAll()
            categories.removeAll()
            argumentNames.removeAll()
            clearsState = true
        }
        let events = pass.events
        let order = events.indices.sorted {
            (events[$0].begin, events[$0].depth, $0) < (events[$1].begin, events[$1].depth, $1)
        }
        let flow = pass.flow.map { UInt64($0.id) }
        var open: [(index: Int, end: UInt64)] = []
        for index in order {
            let event = events[index]
            while let top = open.last,
                  top.end < event.begin || (top.end == event.begin && events[top.index].depth >= event.depth) {
                end(at: top.end)
                open.removeLast()
            }
            begin(
                event, type: event.isSlice ? Self.sliceBegin : Self.instant,
                startsFlow: pass.flow?.from == index ? flow : nil, endsFlow: pass.flow?.to == index ? flow : nil
            )
            if event.isSlice { open.append((index, min(event.end, open.last?.end ?? event.end))) }
        }
        while let top = open.popLast() { end(at: top.end) }
        return encoder.take()
    }

    /// A slice's begin or an instant, with its name, category, arguments
    /// and the interned strings it is the first to use.
    private mutating func begin(_ event: ExportedEvent, type: UInt64, startsFlow: UInt64?, endsFlow: UInt64?) {
        var new = InternedStrings()
        let category = categories.id(event.category, next: &nextID, new: &new.categories)
        let name = names.id(event.name, next: &nextID, new: &new.names)
        let argumentIDs = event.args.map { argumentNames.id($0.0, next: &nextID, new: &new.argumentNames) }
        packet(at: event.begin, interning: new) { track in
            track.unsigned(9, type)  // TrackEvent.type
            track.unsigned(11, Self.threadTrack)  // TrackEvent.track_uuid
            track.unsigned(3, category)  // TrackEvent.category_iids
            track.unsigned(10, name)  // TrackEvent.name_iid
            for (argument, id) in zip(event.args, argumentIDs) {
                track.message(4) { annotation in  // TrackEvent.debug_annotations
                    annotation.unsigned(1, id)  // DebugAnnotation.name_iid
                    switch argument.1 {
                    case let .string(text): annotation.string(6, text)  // DebugAnnotation.string_value
                    case let .number(number): annotation.signed(4, Int64(number))  // DebugAnnotation.int_value
                    case let .microseconds(nanoseconds):
                        annotation.double(5, Double(nanoseconds) / 1000)  // DebugAnnotation.double_value
                    }
                }
            }
            if let startsFlow { track.fixed64(47, startsFlow) }  // TrackEvent.flow_ids
            if let endsFlow { track.fixed64(48, endsFlow) }  // TrackEvent.terminating_flow_ids
        }
    }

    /// The end of the innermost open slice.
    private mutating func end(at time: UInt64) {
        packet(at: time, interning: InternedStrings()) { track in
            track.unsigned(9, Self.sliceEnd)
            track.unsigned(11, Self.threadTrack)
        }
    }

    /// A packet holding a track event at `time`.
    private mutating func packet(
        at time: UInt64, interning new: InternedStrings, _ trackEvent: (inout ProtobufEncoder) -> Void
    ) {
        let flags = Self.needsIncrementalState | (clearsState ? Self.incrementalStateCleared : 0)
        clearsState = false
        let timestamp = time - origin
        encoder.message(1) { packet in  // Trace.packet
            packet.unsigned(8, timestamp)  // TracePacket.timestamp
            packet.unsigned(10, Self.sequence)  // TracePacket.trusted_packet_sequence_id
            packet.unsigned(13, flags)  // TracePacket.sequence_flags
            if !new.isEmpty {
                packet.message(12) { interned in  // TracePacket.interned_data
                    // InternedData.event_categories, .event_names,
                    // .debug_annotation_names: each entry an iid (1) and
                    // a name (2).
                    for (field, entries) in [(1, new.categories), (2, new.names), (3, new.argumentNames)] {
                        for (id, string) in entries {
                            interned.message(field) { entry in
                                entry.unsigned(1, id)
                                entry.string(2, string)
                            }
                        }
                    }
                }
            }
            packet.message(11, trackEvent)  // TracePacket.track_event
        }
    }
}

/// Strings given an interning ID, for the packets that use them.
private struct InternTable {
    private var ids: [String: UInt64] = [:]

    var count: Int { ids.count }

    mutating func removeAll() { ids.removeAll() }

    /// The ID of `string`; if it has none yet, the next one, added to `new`.
    mutating func id(_ string: String, next: inout UInt64, new: inout [(UInt64, String)]) -> UInt64 {
        if let id = ids[string] { return id }
        let id = next
        next += 1
        ids[string] = id
        new.append((id, string))
        return id
    }
}

/// The strings a packet interns, by table.
private struct InternedStrings {
    var categories: [(UInt64, String)] = []
    var names: [(UInt64, String)] = []
    var argumentNames: [(UInt64, String)] = []

    var isEmpty: Bool { categories.isEmpty && names.isEmpty && argumentNames.isEmpty }
}
