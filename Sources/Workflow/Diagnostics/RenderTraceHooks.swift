/// Where the fast runtime tells its render trace (D1) what it does: a few
/// named points, each given facts the runtime has there. A traced runtime
/// holds one; an untraced one holds nil and pays one test per point, taken
/// the same way every time.
///
/// The points: a pass begins or ends (a cascade, an update, the first
/// render); a node starts (R6), gets a new workflow value (R7, R19), renders
/// or ends (R9, R10); a node's render ends, with the children it asked for
/// in order, each rendered inside it or skipped (S2); an action applies
/// (R17). From these the hooks work out why each node rendered, for the
/// first reason that holds (`RenderReason`).
///
/// A node is known to the recorder by its handle, made one number: unique
/// among the live nodes, and a node that reuses a position has another
/// generation. The recorder forgets a node when it ends.
@usableFromInline
final class RenderTraceHooks {
    let recorder: RenderRecorder
    /// Render skipping off: every node asked for renders for that reason.
    let rendersEveryNode: Bool

    init(recorder: RenderRecorder, rendersEveryNode: Bool) {
        self.recorder = recorder
        self.rendersEveryNode = rendersEveryNode
    }

    /// A node's identity in the trace.
    static func identity(of node: NodeHandle) -> Int {
        Int(node.id.position) | Int(node.generation) << 32
    }

    // MARK: Passes

    /// Whether a pass is open: a render pass outside one is the first render.
    var isInPass: Bool { recorder.isInPass }

    func passWillBegin(_ trigger: RenderTrace.Pass.Trigger) {
        recorder.passWillBegin(trigger)
    }

    func passDidEnd() {
        recorder.passDidEnd()
    }

    // MARK: Nodes

    /// A node started, before its `makeInitialState`: it renders next, as
    /// new, and its slice starts here.
    @inline(__always)
    func nodeDidStart(_ node: NodeHandle) {
        recorder.expectRender(of: Self.identity(of: node), reason: .new)
    }

    /// A node the tree had got a new workflow value (R7; the root's from the
    /// host, R19) and renders next, for the first reason that holds; its
    /// slice starts here. `props` compares the old value with the new one,
    /// asked only when no earlier reason holds. `wasClean`: the node was
    /// clean, so skipping's own test (S2) compared its values and found
    /// them not unchanged, and no action changed its state (that would have
    /// made it dirty, S1): `props` then only says why, without a second `==`.
    @inline(__always)
    func nodeDidUpdate(_ node: NodeHandle, isRoot: Bool, wasClean: Bool, props: () -> WorkflowComparison) {
        let identity = Self.identity(of: node)
        let reason: RenderReason
        if isRoot, recorder.trigger == .update {
            reason = .hostUpdate
        } else if rendersEveryNode {
            reason = .renderSkippingOff
        } else if wasClean {
            reason = props() == .notComparable ? .propsNotEquatable : .propsChanged
        } else if let own = recorder.ownStateChange(of: identity) {
            reason = own
        } else {
            switch props() {
            case .notComparable: reason = .propsNotEquatable
            case .changed: reason = .propsChanged
            // Equal props and not skipped: its subtree is dirty (S1).
            case .equal: reason = .descendantChanged
            }
        }
        recorder.expectRender(of: identity, reason: reason)
    }

    /// A node's `render` is about to run; the root's is the pass's first.
    /// `key` is read only for a node the recorder has not seen. A node the
    /// runtime gave no reason for before (`nodeDidStart`, `nodeDidUpdate`)
    /// is the root, or a child whose update left the reason to this point:
    /// one still clean (`isClean`, S1) renders only because its new props
    /// differ (S2).
    @inline(__always)
    func nodeWillRender(
        _ workflowType: Any.Type, key: @autoclosure () -> String, node: NodeHandle, isRoot: Bool, isClean: Bool
    ) {
        let identity = Self.identity(of: node)
        let otherwise: RenderReason =
            if isRoot { rootReason(identity) }
            else if rendersEveryNode { .renderSkippingOff }
            else if isClean { .propsChanged }
            else { .descendantChanged }
        recorder.nodeWillRender(workflowType, key: key, node: identity, isRoot: isRoot, otherwise: otherwise)
    }

    /// The render that started last is over, its children and the
    /// observers' completions included.
    @inline(__always)
    func nodeDidRender() {
        recorder.nodeDidRender()
    }

    /// Why the root renders without a reason given before: at the end of a
    /// cascade, or in a first render.
    @inline(__always)
    private func rootReason(_ root: Int) -> RenderReason {
        switch recorder.trigger {
        case .firstRender: .new
        case .update: .hostUpdate
        case .action: rendersEveryNode ? .renderSkippingOff : recorder.ownStateChange(of: root) ?? .descendantChanged
        }
    }

    /// A parent's render is ending: its children, from `first` along `next`,
    /// are the ones it asked for, in order. Those that did not render
    /// inside its render were skipped (S2); a skip's type and key are read
    /// only if the recorder has not seen it. A child that rendered needs no
    /// event: the children that render do so in the order they are asked
    /// for, so their places are the ones the skips leave (`DecodedPass`).
    @inline(__always)
    func childrenAsked(
        by parent: NodeID, first: NodeID, next: (NodeID) -> NodeID,
        workflowType: (NodeID) -> Any.Type, key: (NodeID) -> String
    ) {
        recorder.childrenAsked(
            byRenderAt: Int(parent.position), first: first, next: next, workflowType: workflowType, key: key
        )
    }

    /// A node ended: its position may be another node's later.
    func nodeDidEnd(_ node: NodeHandle) {
        recorder.forget(Self.identity(of: node))
    }

    // MARK: Actions

    /// An action applied at `node` (R17): what it did to the state (S1);
    /// `path`, the node's types and keys from the root, is asked only for a
    /// node the recorder has not seen. Its step started where the previous
    /// one ended (or the cascade began): the apply pays no clock reading.
    func actionDidApply(
        _ actionType: Any.Type, at node: NodeHandle, path: () -> [(workflowType: Any.Type, key: String)],
        reachedByOutput: Bool, stateChange: RenderTrace.ActionStep.StateChange
    ) {
        recorder.actionDidApply(
            actionType, node: Self.identity(of: node), path: path, reachedByOutput: reachedByOutput,
            stateChange: stateChange
        )
    }
}
