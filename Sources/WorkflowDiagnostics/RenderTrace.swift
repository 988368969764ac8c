import Workflow

#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// A recorder of render diagnostics: for every cascade of the hosts it is
/// given, the action and the nodes it reached, then every node the render
/// pass visited, with the reason it rendered or was skipped and how long its
/// render took (rule D1).
///
/// Give one to a host, or to every host made in a scope through
/// `Runtime.Configuration.renderTrace`:
///
/// ```swift
/// let trace = RenderTrace()
/// let host = WorkflowHost(workflow: Inbox(), renderTrace: trace)
/// // ... use the app ...
/// try trace.writeChromeTrace(toFile: "inbox.json")  // ui.perfetto.dev
/// try trace.writePerfettoTrace(toFile: "inbox.pftrace")  // Perfetto's own format
/// print(trace.summary())
/// ```
///
/// A trace is a flight recorder: it keeps the latest passes within a byte
/// budget (`byteLimit`) and a pass count (`passLimit`), dropping the oldest
/// passes whole, so it can stay on in a build that users run and be read
/// when something was slow. A host without a trace records nothing and pays
/// nothing for it.
///
/// A trace belongs to the main queue, like its hosts (R22): its hosts
/// record into it there, and its initializer and every member that reads
/// or changes what it recorded check that they are called there, stopping
/// the program with R22's message otherwise, so that a read or an export
/// from another thread cannot race the recorder.
public final class RenderTrace {
    /// What `byteLimit` is unless given: 4 MiB, about 170,000 node visits.
    public static let defaultByteLimit = 4 << 20

    /// How many passes the trace keeps at most: the oldest go first.
    public let passLimit: Int
    /// How many bytes the passes' events take at most (24 bytes per skipped
    /// node, 72 per rendered one, 48 per action step): the oldest passes go
    /// first. A pass larger than this alone is kept as a summary (its
    /// counts and slowest renders). The node table (about 28 bytes per
    /// distinct node seen) and the headers of the passes (bounded by
    /// `passLimit`) come on top.
    public let byteLimit: Int

    /// The passes, the node table and the clock, behind a pointer: the
    /// recorders write here on every event (`TraceStore`).
    let store: UnsafeMutablePointer<TraceStore>
    /// Where the trace's time starts: timestamps count from here.
    let origin: UInt64
    /// What an export's window takes as now, if set; else the clock. Tests
    /// set it relative to the recorded times, so that no window depends on
    /// the machine's uptime, load or wall clock.
    var exportTime: UInt64?

    /// A trace that keeps the latest passes (cascades, updates and first
    /// renders) of the hosts it is given: at most `passLimit` of them, in
    /// at most `byteLimit` bytes of events.
    public init(passLimit: Int = 1_000, byteLimit: Int = RenderTrace.defaultByteLimit) {
        MainQueue.check("A RenderTrace was created")
        precondition(passLimit > 0, "RenderTrace(passLimit:) needs a positive limit")
        precondition(byteLimit >= 1024, "RenderTrace(byteLimit:) needs at least 1 KiB")
        self.passLimit = passLimit
        self.byteLimit = byteLimit
        origin = Self.clock()
        store = .allocate(capacity: 1)
        store.initialize(to: TraceStore(
            capacity: byteLimit / MemoryLayout<NodeEvent>.stride, passLimit: passLimit, origin: origin
        ))
    }

    deinit {
        store.pointee.ring.deallocate()
        store.deinitialize(count: 1)
        store.deallocate()
    }

    /// The passes kept, oldest first.
    public var passes: [Pass] {
        Self.checkMainQueue("passes was read")
        let hidden = store.pointee.hiddenThrough
        var names = NodeNames()
        return store.pointee.kept.filter { $0.number > hidden }.map { Pass(decoding: $0, in: self, names: &names) }
    }

    /// The last pass of any host of this trace.
    public var lastPass: Pass? {
        Self.checkMainQueue("lastPass was read")
        guard let last = store.pointee.kept.last, last.number > store.pointee.hiddenThrough else { return nil }
        var names = NodeNames()
        return Pass(decoding: last, in: self, names: &names)
    }

    /// Forgets every pass recorded so far: readers no longer see them, and
    /// new passes reuse their memory. A host's `lastRenderPass` still reads
    /// its own until the budget drops it.
    public func removeAll() {
        Self.checkMainQueue("removeAll() was called")
        store.pointee.hiddenThrough = store.pointee.passCount
    }

    /// The bytes the trace holds now: its passes' events and headers and its
    /// node table (what `byteLimit` bounds is the events').
    public var bytesInUse: Int {
        Self.checkMainQueue("bytesInUse was read")
        let store = store.pointee
        return store.ring.used * MemoryLayout<NodeEvent>.stride
            + store.headers.capacity * MemoryLayout<PassHeader>.stride + store.table.bytes
    }

    /// The monotonic clock, in nanoseconds.
    @inline(__always)
    static func clock() -> UInt64 {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return UInt64(truncatingIfNeeded: time.tv_sec) &* 1_000_000_000 &+ UInt64(truncatingIfNeeded: time.tv_nsec)
    }

    /// A timestamp in nanoseconds, each at least 2 ns after the previous
    /// one: slices then nest strictly, and a flow event 1 ns into a slice
    /// lands inside it, before any child starts.
    @inline(__always)
    func now() -> UInt64 {
        store.pointee.now()
    }

    /// R22 for a public member: `use` says which.
    static func checkMainQueue(_ use: @autoclosure () -> String) {
        MainQueue.check("RenderTrace.\(use())")
    }

    /// Now, for an export's window.
    func exportClock() -> UInt64 {
        exportTime ?? now()
    }

    /// The last timestamp plus 2 ns, without reading the clock.
    @inline(__always)
    func tick() -> UInt64 {
        store.pointee.lastTime &+= 2
        return store.pointee.lastTime
    }

    /// A number for a new host, from 1.
    func numberHost() -> Int {
        store.pointee.hostCount += 1
        store.pointee.lastPassOfHost.append(0)
        return store.pointee.hostCount
    }

    /// The last pass of host `host` still kept (or waiting to be kept).
    func lastPass(ofHost host: Int) -> Pass? {
        var names = NodeNames()
        if let waiting = store.pointee.pending.last(where: { $0.header.host == host }) {
            return Pass(decoding: waiting.header, events: waiting.events, in: self, names: &names)
        }
        let number = store.pointee.lastPassOfHost[host]
        guard number > 0, let header = store.pointee.header(numbered: number) else { return nil }
        return Pass(decoding: header, in: self, names: &names)
    }
}

/// Two traces are equal when they are the same recorder, as two
/// configurations holding them are.
extension RenderTrace: Equatable {
    /// Whether `lhs` and `rhs` are the same trace object.
    public static func == (lhs: RenderTrace, rhs: RenderTrace) -> Bool {
        lhs === rhs
    }
}
