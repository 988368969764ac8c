import Dispatch

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
/// try trace.chromeTraceJSON().write(toFile: "inbox.json", ...)  // ui.perfetto.dev
/// print(trace.summary())
/// ```
///
/// A host without a trace records nothing and pays nothing for it. Use a
/// trace on the main queue only, like its hosts (R22).
public final class RenderTrace {
    /// How many passes the trace keeps: the oldest go first.
    public let passLimit: Int

    /// The recorded passes, oldest first; between `passLimit` and twice as
    /// many before the oldest are dropped in one go.
    @exclusivity(unchecked) var recorded: [RecordedPass] = []
    /// Where the trace's time starts: timestamps count from here.
    let origin: UInt64
    /// The last timestamp handed out (`now()`).
    @exclusivity(unchecked) var lastTime: UInt64
    /// Hosts and passes numbered so far.
    @exclusivity(unchecked) var hostCount = 0
    @exclusivity(unchecked) var passCount = 0

    /// A trace that keeps the last `passLimit` passes (cascades, updates and
    /// first renders) of the hosts it is given.
    public init(passLimit: Int = 1_000) {
        precondition(passLimit > 0, "RenderTrace(passLimit:) needs a positive limit")
        self.passLimit = passLimit
        origin = DispatchTime.now().uptimeNanoseconds
        lastTime = origin
    }

    /// The passes kept, oldest first.
    public var passes: [Pass] {
        recorded.suffix(passLimit).map(Pass.init(decoding:))
    }

    /// The last pass of any host of this trace.
    public var lastPass: Pass? {
        recorded.last.map(Pass.init(decoding:))
    }

    /// Forgets every pass recorded so far.
    public func removeAll() {
        recorded.removeAll()
    }

    /// A timestamp in nanoseconds, each at least 2 ns after the previous
    /// one: slices then nest strictly, and a flow event 1 ns into a slice
    /// lands inside it, before any child starts.
    @inline(__always)
    func now() -> UInt64 {
        let time = max(DispatchTime.now().uptimeNanoseconds, lastTime &+ 2)
        lastTime = time
        return time
    }

    /// The last timestamp plus 2 ns, without reading the clock.
    @inline(__always)
    func tick() -> UInt64 {
        lastTime &+= 2
        return lastTime
    }

    /// Keeps a finished pass.
    func keep(_ pass: RecordedPass) {
        recorded.append(pass)
        if recorded.count >= 2 * passLimit {
            recorded.removeFirst(recorded.count - passLimit)
        }
    }
}

/// Two traces are equal when they are the same recorder, so that
/// `Runtime.Configuration` can hold one and stay `Equatable`.
extension RenderTrace: Equatable {
    public static func == (lhs: RenderTrace, rhs: RenderTrace) -> Bool {
        lhs === rhs
    }
}
