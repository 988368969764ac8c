// The runtime's invariants, walked after every cascade, update and first
// render in debug builds (so every test checks them), never in release.

#if DEBUG
extension FastRuntime {
    /// Fatal on the first broken invariant. Between passes only.
    func checkInvariants() {
        guard !isTornDown, !root.isNone else { return }
        guard !FaultInjection.isAnySwitchOn || FaultInjection.checksInvariantsAnyway else { return }
        func broken(_ what: String) -> Never {
            fatalError("Runtime invariant broken: \(what)")
        }
        passes.checkInvariants()
        let lastPass = passes.lastPass

        // The arena: free slots are exactly the free list, without a cycle.
        var freeListed = Set<Int32>()
        var free = tree.nodes.firstFree
        while !free.isNone {
            if free.position >= tree.nodes.count { broken("free list reaches slot \(free.position) of \(tree.nodes.count)") }
            if !freeListed.insert(free.rawValue).inserted { broken("free list has a cycle at slot \(free.position)") }
            if tree.nodes[free].typeIndex != TypeIndex.free { broken("live slot \(free.position) on the free list") }
            free = tree.nodes[free].nextSibling
        }
        var live: [NodeID] = []
        for position in 0..<tree.nodes.count where tree.nodes[NodeID(position: position)].typeIndex != TypeIndex.free {
            live.append(NodeID(position: position))
        }
        if live.count + freeListed.count != tree.nodes.count {
            broken("\(tree.nodes.count - live.count - freeListed.count) free slots missing from the free list")
        }
        if freeListed.count != tree.nodes.freeCount {
            broken("the free list holds \(freeListed.count) slots, the arena counts \(tree.nodes.freeCount)")
        }

        // The tree: each child list against the child index and the parents.
        var listed = 0
        tree.checkInvariants(keepsSessions: hasObserver)
        var slotsPerType = [Set<Int32>](repeating: [], count: tree.stores.count)
        for node in live {
            let record = tree.nodes[node]
            let description = "node \(node.position) (\(anyStore(of: node).takeUnretainedValue().workflowType), key \"\(MessageExcerpt.of(tree.nodes[keyOf: node]))\")"
            if node != root {
                let parent = record.parent
                if parent.isNone || parent.position >= tree.nodes.count || tree.nodes[parent].typeIndex == TypeIndex.free {
                    broken("\(description) has no live parent")
                }
                if record.needsRender, !tree.nodes[parent].needsRender {
                    broken("\(description) needs a render but its parent does not")
                }
            }
            var child = record.firstChild
            var seen = 0
            while !child.isNone {
                if tree.nodes[child].parent != node { broken("child \(child.position) listed under \(description) has another parent") }
                seen += 1
                if seen > tree.nodes.count { broken("the child list of \(description) has a cycle") }
                child = tree.nodes[child].nextSibling
            }
            listed += seen
            if record.seenInPass > lastPass { broken("\(description) remembers pass \(record.seenInPass), after \(lastPass)") }

            // Its typed slot, its side effects and its sinks belong to it.
            if !slotsPerType[record.typeIndex.position].insert(record.slot.rawValue).inserted {
                broken("\(description) shares its store slot \(record.slot.position)")
            }
            var keys = Set<SideEffectKey>()
            var last: Lifetime?
            record.sideEffects.forEach { lifetime in
                if lifetime.hasEnded { broken("\(description) keeps an ended side effect \(lifetime.key)") }
                if !keys.insert(lifetime.key).inserted { broken("\(description) has side effect \(lifetime.key) twice") }
                if lifetime.seenInPass > lastPass { broken("side effect \(lifetime.key) of \(description) remembers a future pass") }
                last = lifetime
            }
            if let index = tree.checkedSideEffectIndex(of: node) {
                if !record.hasSideEffectIndex { broken("\(description) has a side-effect index it does not know of") }
                if index.byKey.count != keys.count || index.last?.takeUnretainedValue() !== last {
                    broken("the side-effect index of \(description) does not match its list")
                }
            } else if record.hasSideEffectIndex {
                broken("\(description) lost its side-effect index")
            }
            record.sinks.forEach { registration in
                if !registration.isAlive { broken("\(description) keeps a dead sink registration") }
                if let owner = registration.ownerNode, owner != handle(node) { broken("\(description) lists a sink of another node") }
            }
        }
        if listed != live.count - 1 { broken("\(listed) nodes in child lists, \(live.count - 1) live nodes below the root") }
        for (position, slots) in slotsPerType.enumerated() {
            let store = tree.stores[TypeIndex(rawValue: UInt16(position))].takeUnretainedValue()
            let (count, free) = store.slotCounts()
            if slots.count != count - free.count {
                broken("store of \(store.workflowType) has \(count - free.count) live slots, \(slots.count) nodes")
            }
            if let wrong = slots.first(where: { $0 < 0 || $0 >= Int32(count) || free.contains($0) }) {
                broken("a node of \(store.workflowType) uses slot \(wrong), which is not live")
            }
        }
    }
}
#endif
