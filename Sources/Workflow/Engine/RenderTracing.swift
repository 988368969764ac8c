// The engine's seam to render diagnostics (D1). The core declares what a
// host tells a trace; the WorkflowDiagnostics module records it. A host
// without a trace never calls its recorder: each point costs it one test.

/// Something hosts record into: it makes one recorder per host.
package protocol RenderTraceTarget: AnyObject, Sendable {
    /// A recorder for a new host whose root is a `rootType`;
    /// `rendersEveryNode`: render skipping is off.
    @MainActor func recorder(forHostOf rootType: Any.Type, rendersEveryNode: Bool) -> any RenderTraceRecorder
}

/// A configuration's trace: equal to another when it is the same object,
/// or both are nil, so that `Runtime.Configuration` keeps its synthesised
/// `==`.
package struct RenderTraceSetting: Equatable, Sendable {
    package var target: (any RenderTraceTarget)?

    package init(_ target: (any RenderTraceTarget)? = nil) {
        self.target = target
    }

    package static func == (lhs: Self, rhs: Self) -> Bool {
        lhs.target === rhs.target
    }
}

/// What opened a pass.
package enum RenderPassTrigger {
    case firstRender, action, update
}

/// What an action did to its node's state (S1).
package enum ActionStateChange {
    case changed, unchanged, notCompared
}

/// What a recorder asks its host about a node it has not seen before, by
/// the node's position.
@MainActor
package protocol RenderTraceNodeNames: AnyObject {
    func workflowType(atPosition position: Int) -> Any.Type
    func key(atPosition position: Int) -> String
    /// The node's types and keys from the root down.
    func path(atPosition position: Int) -> [(workflowType: Any.Type, key: String)]
}

/// One host's recorder. A node is named by one number: its position, and
/// its generation above bit 32, unique among the live nodes.
@MainActor
package protocol RenderTraceRecorder: AnyObject {
    /// Where the recorder asks for the names of nodes it has not seen: the
    /// host's runtime, which owns the recorder (so the recorder holds it
    /// unowned). Set once, before any other call.
    func nameNodes(with names: any RenderTraceNodeNames)
    /// Whether a pass is open: a render pass outside one is a first render.
    var isInPass: Bool { get }
    func passWillBegin(_ trigger: RenderPassTrigger)
    func passDidEnd()

    /// A node started (R6), before its `makeInitialState`; it renders next.
    func nodeDidStart(_ node: Int)
    /// A node got a new workflow value (R7, R19) and renders next. `wasClean`:
    /// skipping's test (S2) ran and found the values different; `props`
    /// compares them, asked only when the recorder needs to know.
    func nodeDidUpdate(_ node: Int, isRoot: Bool, wasClean: Bool, props: () -> WorkflowComparison)
    /// A node's `render` is about to run.
    func nodeWillRender(_ workflowType: Any.Type, node: Int, isRoot: Bool, isClean: Bool)
    /// Room for at least `count` child positions, for `nodeDidRender`; the
    /// ones written before a call are kept. The runtime keeps the room: it
    /// must stay where it is, valid, until the next call or the recorder's
    /// end.
    func childPositions(count: Int) -> UnsafeMutablePointer<UInt32>
    /// The render that started last is over. Its children, in the order it
    /// asked for them, are the first `childCount` of `childPositions`:
    /// those that did not render inside it were skipped (S2).
    func nodeDidRender(parentPosition: Int, childCount: Int)
    /// A node ended: its position may be another node's later.
    func nodeDidEnd(_ node: Int)
    /// An action applied at `node` (R17).
    func actionDidApply(_ actionType: Any.Type, at node: Int, reachedByOutput: Bool, stateChange: ActionStateChange)
}

/// The recorder of a host without a trace, which the runtime never calls:
/// it holds one so that a traced runtime's calls borrow theirs unretained
/// from a stored property that is not optional.
@MainActor
final class UntracedRecorder: RenderTraceRecorder {
    static let shared = UntracedRecorder()

    var isInPass: Bool { false }
    func nameNodes(with names: any RenderTraceNodeNames) {}
    func passWillBegin(_ trigger: RenderPassTrigger) {}
    func passDidEnd() {}
    func nodeDidStart(_ node: Int) {}
    func nodeDidUpdate(_ node: Int, isRoot: Bool, wasClean: Bool, props: () -> WorkflowComparison) {}
    func nodeWillRender(_ workflowType: Any.Type, node: Int, isRoot: Bool, isClean: Bool) {}
    func childPositions(count: Int) -> UnsafeMutablePointer<UInt32> { preconditionFailure("no trace") }
    func nodeDidRender(parentPosition: Int, childCount: Int) {}
    func nodeDidEnd(_ node: Int) {}
    func actionDidApply(_ actionType: Any.Type, at node: Int, reachedByOutput: Bool, stateChange: ActionStateChange) {}
}
