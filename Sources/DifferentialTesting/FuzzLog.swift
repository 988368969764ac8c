/// What one host did during one step: the ordered log of node starts and
/// ends, side-effect starts and ends and applied actions, the root outputs,
/// the render calls, and whether an applied action changed a state (S1).
///
/// Side effects write to `FuzzLog.current`, which the driver points at the
/// log of the host it is about to drive; a side effect keeps the log it
/// started in for its `onEnded`, so its end is written there whenever it comes.
public final class FuzzLog {
    nonisolated(unsafe) public static var current = FuzzLog()

    public internal(set) var entries: [String] = []
    public internal(set) var outputs: [String] = []
    public internal(set) var renders = 0
    /// Renderings the host published to its rendering observers, in order.
    var published: [PublishedRendering] = []
    public internal(set) var stateChanged = false
    /// Whether the host compares every comparable state (S1), as it does
    /// with `renderOnlyIfStateChanged` on.
    var comparesEveryState = false
    /// The debugger's snapshots and update infos, one per cascade or update.
    public internal(set) var snapshots: [String] = []
    /// The host this log belongs to, for the probes it makes (R24), and how
    /// many it made: their names.
    weak var driver: HostUnderTest?
    var probesMade = 0

    public init() {}

    func append(_ entry: String) {
        entries.append(entry)
    }

    /// Empties the log for the next step.
    func reset() {
        entries.removeAll(keepingCapacity: true)
        outputs.removeAll(keepingCapacity: true)
        snapshots.removeAll(keepingCapacity: true)
        renders = 0
        published.removeAll(keepingCapacity: true)
        stateChanged = false
    }
}
