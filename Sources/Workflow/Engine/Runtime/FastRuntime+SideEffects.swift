// Side effects of a node (R11, R12), kept in its `SideEffectList`.

extension FastRuntime {
    /// R11: runs `action` for a new key; keeps the lifetime of a key it had.
    @usableFromInline
    func runSideEffect(key: SideEffectKey, node: NodeHandle, workflowType: Any.Type, action: (Lifetime) -> Void) {
        let pass = checkRendering(node, workflowType: workflowType)
        let id = node.id
        if tree.nodes[id].hasSideEffectIndex {
            return runIndexedSideEffect(key: key, node: id, pass: pass, workflowType: workflowType, action: action)
        }
        let search = tree.nodes[id].sideEffects.find(key)
        if let found = search.found {
            return markAsked(found, pass: pass, workflowType: workflowType)
        }
        let entry = startSideEffect(key: key, node: id, after: search.last, pass: pass)
        if search.count + 1 > SideEffectList.indexThreshold {
            let index = SideEffectIndex(tree.nodes[id].sideEffects)
            tree.addSideEffectIndex(index, of: id)
        }
        // The list keeps the lifetime alive: nothing ends it during a render.
        entry.withGuaranteedRef { action($0) }
    }

    /// `runSideEffect` with a side-effect index; out of line: few have one.
    @inline(never)
    private func runIndexedSideEffect(
        key: SideEffectKey, node: NodeID, pass: UInt32, workflowType: Any.Type, action: (Lifetime) -> Void
    ) {
        let index = tree.sideEffectIndex(of: node)
        if let found = index.byKey[key] {
            return markAsked(found.takeUnretainedValue(), pass: pass, workflowType: workflowType)
        }
        let entry = startSideEffect(key: key, node: node, after: index.last, pass: pass)
        index.add(entry)
        entry.withGuaranteedRef { action($0) }
    }

    /// R11: a new lifetime after `last` (a spare if one waits; main queue). A
    /// key not equal to itself is never found: new in every pass, as upstream.
    private func startSideEffect(
        key: SideEffectKey, node: NodeID, after last: Unmanaged<SideEffectLifetime>?, pass: UInt32
    ) -> Unmanaged<SideEffectLifetime> {
        let entry = keepsLifetimeSpares
            ? SideEffectLifetimeSpares.take(key: key, pass: pass) ?? Unmanaged.passRetained(SideEffectLifetime(key: key, pass: pass))
            : Unmanaged.passRetained(SideEffectLifetime(key: key, pass: pass))
        tree.nodes[node].sideEffects.link(entry, after: last)
        return entry
    }

    /// R11: a key asked for again; twice in one pass is an error.
    private func markAsked(_ lifetime: SideEffectLifetime, pass: UInt32, workflowType: Any.Type) {
        if lifetime.seenInPass == pass {
            RuntimeErrors.duplicateSideEffect(workflowType: workflowType, key: lifetime.key.erased)
        }
        lifetime.seenInPass = pass
    }

    /// R12: ends, in start order, those `pass` did not ask for (nil: all).
    @usableFromInline
    func endSideEffects(of node: NodeID, notSeenIn pass: UInt32?) {
        let ended = tree.nodes[node].sideEffects.remove(notSeenIn: pass)
        if ended.isEmpty { return }
        if tree.nodes[node].hasSideEffectIndex {
            unindex(ended, of: node)
        }
        #if DEBUG  // fault injection (differential tests): keep the side effects alive
        if pass == nil, FaultInjection.keepRemovedSideEffect {
            ended.forEach { FaultInjection.keptAlive.append($0) }
            SideEffectList.release(ended)
            return
        }
        #endif
        SideEffectList.end(ended, keepsSpares: keepsLifetimeSpares)
    }

    /// Removes `ended` from the node's index too; out of line: few have one.
    @inline(never)
    private func unindex(_ ended: SideEffectList, of node: NodeID) {
        if tree.nodes[node].sideEffects.isEmpty {
            tree.removeSideEffectIndex(of: node)
            return
        }
        let index = tree.sideEffectIndex(of: node)
        ended.forEach { index.byKey[$0.key] = nil }
        index.last = tree.nodes[node].sideEffects.last
    }
}
