/// One step of a run after the first render: a send from the test driver (at
/// top level, never during a render) or a host update.
public enum FuzzEvent: Equatable, Sendable {
    /// Sends `command` into the sink that `pick` selects.
    case send(SinkPick, FuzzCommand)
    /// `update(workflow:)` on the host, the root's props set to `input` (R19).
    case update(input: Int)
    /// Sends `command` into the sink `pick` selects, and when the root's
    /// output of that cascade reaches the host's output observer, makes the
    /// sends `then` (their sinks chosen before the first send) from inside
    /// the observer: each is queued and handled after the cascade, in order,
    /// and dropped if its sink died meanwhile, e.g. in the send before (R15).
    case queuedSend(SinkPick, FuzzCommand, then: [Send])
    /// Sends each as a worker's output (B1), then ends the main queue's
    /// turn: a host that renders bursts once applies them as one burst. The
    /// first root output reaching the output observer makes the sends
    /// `then` from inside it: they apply before the workers' sends still
    /// waiting, as they would with bursts off (B1).
    case workerSends([Send], then: [Send])
}

/// A send made from inside the output observer (`FuzzEvent.queuedSend`,
/// `FuzzEvent.workerSends`), or a worker's send.
public struct Send: Equatable, Sendable {
    public var pick: SinkPick
    public var command: FuzzCommand

    public init(_ pick: SinkPick, _ command: FuzzCommand) {
        self.pick = pick
        self.command = command
    }
}

/// Which sink an event sends to. The number is resolved modulo the
/// candidates when the event runs, so a shrunk tree still gives every event
/// a target.
public enum SinkPick: Equatable, Sendable {
    /// A sink of the latest rendering (one of a node with a keyed list when
    /// the command is a list operation and there is one).
    case current(Int)
    /// A sink of an earlier rendering: of a node removed since, of an action
    /// type no longer declared, or still live (R13).
    case stale(Int)
    /// A sink of the latest rendering whose outputs climb to the root.
    case toRoot(Int)
    /// A node's own sink (`main`) of the latest rendering: declared in every
    /// pass, so no action of a burst retires it (B4).
    case main(Int)
}

/// What a sink is asked to do. Every sink of every test workflow accepts
/// every command: the ones that make no sense for it (a list operation on a
/// node without a list, a state change on a Void state) change nothing.
public enum FuzzCommand: Equatable, Sendable {
    /// count += 1
    case bump
    /// nothing: no state change, no output
    case noop
    /// count = n (no change when equal)
    case setCount(Int)
    /// no state change; outputs `e<n>`
    case emit(Int)
    /// count += 1 and outputs `e<n>`
    case bumpAndEmit(Int)
    /// declares or stops declaring the `AltAction` sink (R13)
    case toggleAlt
    /// shows or hides the optional children (R6, R9)
    case toggleOptional
    /// keyed list: insert a row at position n % (rows + 1)
    case insertRow(Int)
    /// keyed list: remove the row at n % rows
    case removeRow(Int)
    /// keyed list: move a row from a % rows to b % rows
    case moveRow(Int, Int)
    /// keyed list: change the props of the row at n % rows
    case editRow(Int)
    /// the state holds a new probe (R24), whose deinit does `effect`;
    /// nothing for an `Eq` state
    case holdProbe(ProbeEffect)
    /// the state lets go of its probe
    case dropProbe
    /// the state lets go of its courier, a probe that no rendering holds, so
    /// its deinit sends a `bump` inside this action's apply, whatever the
    /// render passes do (B1); then takes a new one. Nothing for an `Eq` state
    case passCourier

    /// Whether the command is about a keyed list.
    public var isListCommand: Bool {
        switch self {
        case .insertRow, .removeRow, .moveRow, .editRow: true
        default: false
        }
    }
}
