// Side effects of a node (R11, R12).

extension FastRuntime {
    /// R11: runs `action` for a key the node did not have in its previous
    /// pass; keeps the lifetime of a key it had.
    @usableFromInline
    func runSideEffect(key: SideEffectKey, node: NodeHandle, workflowType: Any.Type, action: (Lifetime) -> Void) {
        let pass = checkRendering(node, workflowType: workflowType)
        let id = node.id
        let table: SideEffectTable
        if let existing = nodes[id].sideEffects {
            table = existing.takeUnretainedValue()
        } else {
            table = SideEffectTable()
            nodes[id].sideEffects = Unmanaged.passRetained(table)
        }
        if let found = table.find(key) {
            if table.entries[found].seenInPass == pass {
                RuntimeErrors.duplicateSideEffect(workflowType: workflowType, key: key.erased)
            }
            table.entries[found].seenInPass = pass
            return
        }
        // Not found: maybe new, maybe a key no pass can ever find (R11).
        if key != key {
            RuntimeErrors.sideEffectKeyNotEqualToItself(workflowType: workflowType, key: key.erased)
        }
        let lifetime = Lifetime()
        table.add(key, lifetime: lifetime, pass: pass)
        action(lifetime)
    }
}
