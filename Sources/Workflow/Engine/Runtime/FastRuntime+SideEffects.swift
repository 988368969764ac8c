// Side effects of a node (R11, R12), kept in its `SideEffectList`.

extension FastRuntime {
    /// R11: runs `action` for a key the node did not have in its previous
    /// pass; keeps the lifetime of a key it had.
    @usableFromInline
    func runSideEffect(key: SideEffectKey, node: NodeHandle, workflowType: Any.Type, action: (Lifetime) -> Void) {
        let pass = checkRendering(node, workflowType: workflowType)
        let id = node.id
        let index = nodes[id].hasSideEffectIndex ? sideEffectIndexes[id.rawValue].unsafelyUnwrapped : nil
        let last: Unmanaged<Lifetime>?
        let count: Int
        if let index {
            if let found = index.byKey[key] {
                return markAsked(found.takeUnretainedValue(), pass: pass, workflowType: workflowType)
            }
            (last, count) = (index.last, index.byKey.count)
        } else {
            let search = nodes[id].sideEffects.find(key)
            if let found = search.found {
                return markAsked(found, pass: pass, workflowType: workflowType)
            }
            (last, count) = (search.last, search.count)
        }
        // Not found: maybe new, maybe a key no pass can ever find (R11).
        if !key.isEqualToItself {
            RuntimeErrors.sideEffectKeyNotEqualToItself(workflowType: workflowType, key: key.erased)
        }
        let entry = Unmanaged.passRetained(Lifetime(key: key, pass: pass))
        nodes[id].sideEffects.link(entry, after: last)
        if let index {
            index.byKey[key] = entry
            index.last = entry
        } else if count + 1 > SideEffectList.indexThreshold {
            sideEffectIndexes[id.rawValue] = SideEffectIndex(nodes[id].sideEffects)
            nodes[id].hasSideEffectIndex = true
        }
        // The list keeps the lifetime alive: nothing ends it during a render.
        entry._withUnsafeGuaranteedRef { action($0) }
    }

    /// R11: a key asked for again; twice in one pass is an error.
    private func markAsked(_ lifetime: Lifetime, pass: UInt32, workflowType: Any.Type) {
        if lifetime.seenInPass == pass {
            RuntimeErrors.duplicateSideEffect(workflowType: workflowType, key: lifetime.key.erased)
        }
        lifetime.seenInPass = pass
    }

    /// R12: ends the side effects the node's `pass` did not ask for, or all
    /// of them (nil: the node ends), in start order.
    @usableFromInline
    func endSideEffects(of node: NodeID, notSeenIn pass: UInt32?) {
        let ended = nodes[node].sideEffects.remove(notSeenIn: pass)
        if ended.isEmpty { return }
        if nodes[node].hasSideEffectIndex {
            if nodes[node].sideEffects.isEmpty {
                sideEffectIndexes[node.rawValue] = nil
                nodes[node].hasSideEffectIndex = false
            } else {
                sideEffectIndexes[node.rawValue] = SideEffectIndex(nodes[node].sideEffects)
            }
        }
        #if DEBUG  // fault injection (differential tests): keep the side effects alive
        if pass == nil, FaultInjection.keepRemovedSideEffect {
            ended.forEach { FaultInjection.keptAlive.append($0) }
            SideEffectList.release(ended)
            return
        }
        #endif
        SideEffectList.end(ended)
    }
}
