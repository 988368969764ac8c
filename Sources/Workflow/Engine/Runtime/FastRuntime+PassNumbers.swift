// Render-pass numbers: every node render takes the next one, and nodes,
// side effects and sinks remember the pass that last asked for them. A
// 32-bit number would come back to a remembered value after 2^32 renders
// (minutes of a busy app) and make a child not asked for look asked for: the
// numbers start again from 1 before that, between two top-level passes.

extension FastRuntime {
    /// Called before every top-level render pass (no render runs): renumbers
    /// when the counter passed the threshold.
    @inlinable @inline(__always)
    func renumberPassesIfDue() {
        if _slowPath(passes.isRenumberingDue) {
            renumberPasses()
        }
    }

    /// Between passes, a remembered number only has to differ from every
    /// future pass: nodes and side effects go back to 0 (never a pass), live
    /// sink registrations to 1 (0 means dead), and the next pass is 2.
    @usableFromInline @inline(never)
    func renumberPasses() {
        for position in 0..<tree.nodes.count where tree.nodes[NodeID(position: position)].typeIndex != TypeIndex.free {
            let node = NodeID(position: position)
            tree.nodes[node].seenInPass = 0
            tree.nodes[node].sideEffects.forEach { $0.seenInPass = 0 }
            tree.nodes[node].sinks.forEach { registration in
                if registration.isAlive {
                    registration.declaredInPass = 1
                }
            }
        }
        passes.didRenumber()
    }
}
