// What a recorder writes while a pass runs: fixed-size events, cheap to
// append, naming a node by its entry in the trace's `NodeTable` (so an event
// costs the same whatever the node's depth). Names and paths are formatted,
// durations and nesting worked out, only when the trace is read
// (`PassDecoding`).

/// One event of a pass: 24 bytes.
///
/// A node's render is one event written when it ends (`render`: its end,
/// and its start as a length back from there), after its children's: the
/// events of a pass's renders come in post-order, their times nest them.
/// A node skipped (`skip`) is written when its parent's render ends, with
/// its place among the children the parent asked for. An action step is two
/// events: `actionBegin` (its start, and the action's type) then `action`
/// (its end, the node it applied at, what it did).
struct NodeEvent {
    enum Kind: UInt8 {
        case render, skip, actionBegin, action
    }

    /// `render`: its end.
    var time: UInt64
    /// The node's entry in the node table (`render`, `skip`, `action`); the
    /// low half of the action's type for `actionBegin`.
    var entry: UInt32
    /// `skip`: the node's place among the children its parent asked for;
    /// `render`: the low 32 bits of its length; the high half of the
    /// action's type for `actionBegin`.
    var order: Int32
    /// `render`: the 16 bits of its length above `order`'s (48 bits of
    /// nanoseconds: 78 hours).
    var lengthHigh: UInt16 = 0
    var kind: Kind
    /// `render`, `skip`: the reason; `action`: its `ActionFlags`.
    var reason: UInt8

    @inline(__always)
    init(kind: Kind, entry: UInt32, reason: UInt8 = 0, order: Int32 = 0, time: UInt64) {
        self.time = time
        self.entry = entry
        self.order = order
        self.kind = kind
        self.reason = reason
    }

    /// `render`: a node's render from `begin` to `end`.
    @inline(__always)
    init(render entry: UInt32, reason: RenderReason, begin: UInt64, end: UInt64) {
        let length = min(end &- begin, 1 << 48 - 1)
        self.init(
            kind: .render, entry: entry, reason: reason.rawValue,
            order: Int32(truncatingIfNeeded: length), time: end
        )
        lengthHigh = UInt16(truncatingIfNeeded: length >> 32)
    }

    /// `render`: when it started.
    var begin: UInt64 {
        time &- (UInt64(UInt32(bitPattern: order)) | UInt64(lengthHigh) << 32)
    }

    /// `actionBegin`: the action's type, in the two halves.
    @inline(__always)
    init(actionType: Any.Type, begin: UInt64) {
        let bits = UInt64(UInt(bitPattern: unsafeBitCast(actionType, to: Int.self)))
        self.init(kind: .actionBegin, entry: UInt32(truncatingIfNeeded: bits), order: Int32(truncatingIfNeeded: bits >> 32), time: begin)
    }

    var actionType: Any.Type {
        let bits = UInt64(entry) | UInt64(UInt32(bitPattern: order)) << 32
        return unsafeBitCast(Int(truncatingIfNeeded: bits), to: Any.Type.self)
    }

    var renderReason: RenderReason { RenderReason(rawValue: reason) ?? .new }
}

/// What an `action` event says about its step.
enum ActionFlags {
    static func encode(reachedByOutput: Bool, stateChange: RenderTrace.ActionStep.StateChange) -> UInt8 {
        let change: UInt8 = switch stateChange {
        case .changed: 0
        case .unchanged: 1
        case .notCompared: 2
        }
        return change | (reachedByOutput ? 4 : 0)
    }

    static func reachedByOutput(_ flags: UInt8) -> Bool { flags & 4 != 0 }

    static func stateChange(_ flags: UInt8) -> RenderTrace.ActionStep.StateChange {
        switch flags & 3 {
        case 0: .changed
        case 1: .unchanged
        default: .notCompared
        }
    }
}

/// A kept pass: its facts, and where its events are in the trace's ring.
/// Plain values only, so that keeping one copies bytes (no retain).
struct PassHeader {
    /// The pass's number in its trace, from 1.
    var number: Int
    /// The host's number in the trace, from 1, and its root type.
    var host: Int
    var rootType: Any.Type
    var trigger: RenderTrace.Pass.Trigger
    var begin: UInt64
    var end: UInt64
    /// Its events: `eventCount` of them from `firstEvent` in the ring (or
    /// in `pending`'s buffer for a pass waiting to be kept).
    var firstEvent: Int
    var eventCount: Int
    /// Set (not 0) when its events outgrew the trace's budget: they are
    /// gone, and what is left of them is the trace's summary of this number
    /// (`TraceStore.summaries`).
    var summaryID = 0
}

/// A pass too large for the trace's byte budget, boiled down as it was
/// recorded: counts, and its slowest renders. A value held by the
/// recorder's state while it counts (no object, so no access checks).
struct PassSummary {
    /// How many slowest renders a summary keeps.
    static let slowestKept = 16

    var renders = 0
    var skips = 0
    var actions = 0
    /// By self time, slowest first: the node's entry, reason, depth and
    /// times.
    var slowest: [SummarizedRender] = []

    /// A render that ended: kept if it is among the slowest.
    mutating func add(_ render: SummarizedRender) {
        if slowest.count == Self.slowestKept {
            guard render.selfTime > slowest[slowest.count - 1].selfTime else { return }
            slowest.removeLast()
        }
        let index = slowest.firstIndex { $0.selfTime < render.selfTime } ?? slowest.count
        slowest.insert(render, at: index)
    }
}

/// One render a summary keeps.
struct SummarizedRender {
    var entry: UInt32
    var reason: RenderReason
    var depth: Int
    var begin: UInt64
    var end: UInt64
    var selfTime: UInt64
}
