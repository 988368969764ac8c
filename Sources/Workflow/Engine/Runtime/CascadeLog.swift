/// What the current cascade did, and whether the tree was torn down: whether
/// an action changed a state (S3, `renderOnlyIfStateChanged`), the last node
/// an action applied at, and the cascade's path for the debugger (kept only
/// when there is one).
///
/// Its methods are short and run no user code.
@usableFromInline
struct CascadeLog {
    /// Whether the path is kept: the host has a debugger.
    let recordsPath: Bool
    /// Whether an action of this cascade changed a state.
    private(set) var changedState = false
    /// The workflow types the cascade went through, from the first node an
    /// action applied at up to the root.
    private(set) var path: [(workflowType: Any.Type, reachedByOutput: Bool)] = []
    /// The last node an action of this cascade applied at.
    private(set) var top = NodeID.none
    /// Set when the host goes away: every sink is dead from then on, and
    /// nothing of the tree runs again.
    @usableFromInline private(set) var isTornDown = false

    init(recordsPath: Bool) {
        self.recordsPath = recordsPath
    }

    /// A cascade starts.
    mutating func begin() {
        changedState = false
        if recordsPath { path.removeAll(keepingCapacity: true) }
    }

    /// An action applied at `node` (of `workflowType`), reached from a sink
    /// or by an output; `changed` says whether it changed the state.
    mutating func didApply(at node: NodeID, workflowType: Any.Type, fromSink: Bool, changed: Bool) {
        if changed { changedState = true }
        top = node
        if recordsPath { path.append((workflowType, !fromSink)) }
    }

    /// An ancestor of `top`, above every node an action applied at, joins
    /// the path.
    mutating func appendAncestor(_ workflowType: Any.Type) {
        path.append((workflowType, false))
    }

    /// The host goes away: for good.
    mutating func tearDown() {
        isTornDown = true
    }
}
