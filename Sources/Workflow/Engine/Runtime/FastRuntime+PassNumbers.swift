// Each render takes the next pass number, which nodes, side effects and sinks
// remember. Before 2^32 renders (minutes of a busy app) bring a remembered one
// back, making a child look asked for, the numbers restart between passes.

extension FastRuntime {
    /// Before every top-level render pass, when no render runs.
    @inlinable @inline(__always)
    func renumberPassesIfDue() {
        if _slowPath(passes.isRenumberingDue) {
            renumberPasses()
        }
    }

    /// A remembered number need only differ from every future pass: nodes and
    /// side effects go to 0 (never), live sinks to 1 (0 is dead), next pass 2.
    @usableFromInline @inline(never)
    func renumberPasses() {
        for position in 0..<tree.nodes.count where tree.nodes[NodeID(position: position)].typeIndex != TypeIndex.free {
            let node = NodeID(position: position)
            tree.nodes[node].markAsked(in: 0)
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
