/// The current cascade's state change (S3), last node and debugger's path,
/// and whether the tree is torn down. Runs no user code.
@usableFromInline
struct CascadeLog {
    /// Whether the path is kept: the host has a debugger.
    let recordsPath: Bool
    private(set) var changedState = false
    /// Workflow types from the first node an action applied at to the root.
    private(set) var path: [(workflowType: Any.Type, reachedByOutput: Bool)] = []
    /// The last node an action of this cascade applied at.
    private(set) var top = NodeID.none
    /// Set for good when the host goes away: every sink is dead, nothing runs.
    @usableFromInline private(set) var isTornDown = false
    /// A burst is applying the sends that waited (B1): each applies only.
    @usableFromInline private(set) var isInBurst = false
    /// The sends a burst applied (B1); whether an output left the root (B2).
    private(set) var burstActions = 0
    var outputLeftRoot = false
    /// The send arriving is a worker's (B1): read and cleared as it arrives.
    @usableFromInline var isWorkerSend = false

    init(recordsPath: Bool) {
        self.recordsPath = recordsPath
    }

    mutating func begin() {
        changedState = false
        if recordsPath { path.removeAll(keepingCapacity: true) }
    }

    /// An action applied at `node`, sent to a sink or carried by an output.
    mutating func didApply(at node: NodeID, workflowType: Any.Type, fromSink: Bool, changed: Bool) {
        if changed { changedState = true }
        top = node
        if recordsPath { path.append((workflowType, !fromSink)) }
    }

    mutating func openBurst() { (isInBurst, burstActions) = (true, 1) }

    mutating func closeBurst() { (isInBurst, outputLeftRoot) = (false, false) }

    /// The debugger hears of the path of the burst's last send (B3).
    @usableFromInline
    mutating func didJoinBurst() {
        burstActions += 1
        if recordsPath { path.removeAll(keepingCapacity: true) }
    }

    @inlinable
    mutating func takeWorkerSend() -> Bool {
        defer { isWorkerSend = false }
        return isWorkerSend
    }

    mutating func appendAncestor(_ workflowType: Any.Type) {
        path.append((workflowType, false))
    }

    mutating func tearDown() {
        isTornDown = true
    }
}
