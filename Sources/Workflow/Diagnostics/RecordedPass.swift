// What a recorder writes while a pass runs: plain values, cheap to append.
// Names are formatted, durations and nesting worked out, only when the
// trace is read (`PassDecoding`).

/// One pass as recorded: its trigger, the action steps of its cascade, and
/// the node events of its render pass in the order they happened.
struct RecordedPass {
    /// The pass's number in its trace, from 1.
    var number: Int
    /// The host's number in the trace, from 1, and its root type.
    var host: Int
    var rootType: Any.Type
    var trigger: RenderTrace.Pass.Trigger
    var begin: UInt64
    var end: UInt64
    var actions: [RecordedAction]
    var events: ContiguousArray<NodeEvent>
}

/// A node's render starts or ends, or the node is skipped; or, when a
/// parent's pass ends, a child that rendered gets its place among the
/// children the parent asked for (`order`).
struct NodeEvent {
    enum Kind: UInt8 {
        case begin, end, skip, order
    }

    var kind: Kind
    /// Set for `begin` and `skip`.
    var reason: RenderReason
    /// For `skip` and `order`: the node's place among the children its
    /// parent asked for. The reference renders its children in that order
    /// and records none.
    var order: Int32
    /// The node's identity in its runtime (a session ID, or an object's
    /// address), to find the sending node's render; not set for `end`.
    var node: Int
    /// Set for `begin` and `skip`.
    var workflowType: Any.Type?
    var key: String
    var time: UInt64
}

/// One node an action of the cascade applied at: the sending node, then
/// each parent an output reached.
struct RecordedAction {
    var actionType: Any.Type
    /// From the root down to the node: its type and key at each level.
    var path: [(workflowType: Any.Type, key: String)]
    var node: Int
    var reachedByOutput: Bool
    var stateChange: RenderTrace.ActionStep.StateChange
    var begin: UInt64
    var end: UInt64
}
