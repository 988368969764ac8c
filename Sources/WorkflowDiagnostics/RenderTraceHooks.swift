import Workflow

/// One fast host's side of the engine's trace seam (D1): the engine says
/// what it does at a few named points, with the facts it has there, and
/// the hooks work out why each node rendered, for the first reason that
/// holds (`RenderReason`), and pass it on to the host's `RenderRecorder`.
///
/// A node is known by the number the engine names it by: unique among the
/// live nodes, and a node that reuses a position has another generation.
/// The recorder forgets a node when it ends.
@MainActor
final class RenderTraceHooks: RenderTraceRecorder {
    let recorder: RenderRecorder
    /// Render skipping off: every node asked for renders for that reason.
    let rendersEveryNode: Bool
    /// The host's runtime, which owns these hooks: asked only for a node the
    /// recorder has not seen, so the check of a safe `unowned` costs little.
    private unowned var names: (any RenderTraceNodeNames)?

    init(recorder: RenderRecorder, rendersEveryNode: Bool) {
        self.recorder = recorder
        self.rendersEveryNode = rendersEveryNode
    }

    func nameNodes(with names: any RenderTraceNodeNames) {
        self.names = names
    }

    // MARK: Passes

    var isInPass: Bool { recorder.isInPass }

    @inline(__always)
    func passWillBegin(_ trigger: RenderPassTrigger) {
        recorder.passWillBegin(RenderTrace.Pass.Trigger(trigger))
    }

    @inline(__always)
    func passDidEnd() {
        recorder.passDidEnd()
    }

    // MARK: Nodes

    /// Its slice starts here: it renders next, as new.
    @inline(__always)
    func nodeDidStart(_ node: Int) {
        recorder.expectRender(of: node, reason: .new)
    }

    /// Its slice starts here. `wasClean`: the node was clean, so skipping's
    /// own test (S2) compared its values and found them not unchanged, and
    /// no action changed its state (that would have made it dirty, S1):
    /// `props` then only says why, without a second `==`.
    @inline(__always)
    func nodeDidUpdate(_ node: Int, isRoot: Bool, wasClean: Bool, props: () -> WorkflowComparison) {
        let reason: RenderReason
        if isRoot, recorder.trigger == .update {
            reason = .hostUpdate
        } else if rendersEveryNode {
            reason = .renderSkippingOff
        } else if wasClean {
            reason = props() == .notComparable ? .propsNotEquatable : .propsChanged
        } else if let own = recorder.ownStateChange(of: node) {
            reason = own
        } else {
            switch props() {
            case .notComparable: reason = .propsNotEquatable
            case .changed: reason = .propsChanged
            // Equal props and not skipped: its subtree is dirty (S1).
            case .equal: reason = .descendantChanged
            }
        }
        recorder.expectRender(of: node, reason: reason)
    }

    /// A node the engine gave no reason for before (`nodeDidStart`,
    /// `nodeDidUpdate`) is the root, or a child whose update left the
    /// reason to this point: one still clean (`isClean`, S1) renders only
    /// because its new props differ (S2).
    @inline(__always)
    func nodeWillRender(_ workflowType: Any.Type, node: Int, isRoot: Bool, isClean: Bool) {
        let otherwise: RenderReason =
            if isRoot { rootReason(node) }
            else if rendersEveryNode { .renderSkippingOff }
            else if isClean { .propsChanged }
            else { .descendantChanged }
        recorder.nodeWillRender(
            workflowType, key: { names.unsafelyUnwrapped.key(atPosition: Self.position(of: node)) }, node: node,
            isRoot: isRoot, otherwise: otherwise
        )
    }

    @inline(__always)
    func childPositions(count: Int) -> UnsafeMutablePointer<UInt32> {
        recorder.childPositions(count: count)
    }

    /// A child that rendered needs no event: the children that render do
    /// so in the order they are asked for, so their places are the ones
    /// the skips leave (`DecodedPass`).
    @inline(__always)
    func nodeDidRender(parentPosition: Int, childCount: Int) {
        if childCount > 0 {
            recorder.childrenAsked(
                byRenderAt: parentPosition, count: childCount,
                workflowType: { names.unsafelyUnwrapped.workflowType(atPosition: Int($0)) },
                key: { names.unsafelyUnwrapped.key(atPosition: Int($0)) }
            )
        }
        recorder.nodeDidRender()
    }

    /// The position in a node's number.
    private static func position(of node: Int) -> Int {
        Int(truncatingIfNeeded: UInt32(truncatingIfNeeded: node))
    }

    /// Why the root renders without a reason given before: at the end of a
    /// cascade, or in a first render.
    private func rootReason(_ root: Int) -> RenderReason {
        switch recorder.trigger {
        case .firstRender: .new
        case .update: .hostUpdate
        case .action: rendersEveryNode ? .renderSkippingOff : recorder.ownStateChange(of: root) ?? .descendantChanged
        }
    }

    @inline(__always)
    func nodeDidEnd(_ node: Int) {
        recorder.forget(node)
    }

    // MARK: Actions

    /// Its step started where the previous one ended (or the cascade
    /// began): the apply pays no clock reading.
    @inline(__always)
    func actionDidApply(_ actionType: Any.Type, at node: Int, reachedByOutput: Bool, stateChange: ActionStateChange) {
        recorder.actionDidApply(
            actionType, node: node, path: { names.unsafelyUnwrapped.path(atPosition: Self.position(of: node)) },
            reachedByOutput: reachedByOutput,
            stateChange: RenderTrace.ActionStep.StateChange(stateChange)
        )
    }
}

extension RenderTrace.Pass.Trigger {
    init(_ trigger: RenderPassTrigger) {
        switch trigger {
        case .firstRender: self = .firstRender
        case .action: self = .action
        case .update: self = .update
        }
    }
}

extension RenderTrace.ActionStep.StateChange {
    init(_ change: ActionStateChange) {
        switch change {
        case .changed: self = .changed
        case .unchanged: self = .unchanged
        case .notCompared: self = .notCompared
        }
    }
}
