// The render pass: a node's render, the children it asks for (R7, R8),
// and the cleanup after it (R9, R12, R13).

extension FastRuntime {
    /// Render and cleanup (R9, R12, R13), the workflow copied from the slot.
    @inlinable @inline(__always)
    func renderNode<W: Workflow>(_ node: NodeID, store: NodeStore<W>) -> W.Rendering {
        let workflow = store[tree.nodes[node].slot].workflow
        return renderNode(node, store: store, workflow: workflow)
    }

    /// `renderNode` borrowing `workflow`, the slot's value: a child's pass
    /// copies none. Observers go through `renderObservedNode`; a trace's
    /// hooks wrap this path, adding no frame per level, so the stack guard
    /// stops at the same depth (D1). `isFirstRender`: started in this pass.
    @inlinable @inline(__always)
    func renderNode<W: Workflow>(
        _ node: NodeID, store: NodeStore<W>, workflow: W, isFirstRender: Bool = false
    ) -> W.Rendering {
        if observesNodes {
            if hasObserver {
                return renderObservedNode(node, store: store, workflow: workflow, isFirstRender: isFirstRender)
            }
            if isTraced { traceNodeWillRender(W.self, node: node) }
        }
        let slot = tree.nodes[node].slot
        let rendering = renderAndFinish(node, store: store, slot: slot, workflow: workflow, isFirstRender: isFirstRender)
        // The previous rendering goes once the node's pass is over: a deinit
        // it runs may send to the node's sinks (R15, R24).
        store.setRendering(rendering, at: slot)
        if isTraced { traceNodeDidRender(node) }
        return rendering
    }

    /// With observer and trace hooks; out of line: the plain path stays small.
    @inlinable @inline(never)
    func renderObservedNode<W: Workflow>(
        _ node: NodeID, store: NodeStore<W>, workflow: W, isFirstRender: Bool
    ) -> W.Rendering {
        let slot = tree.nodes[node].slot
        if isTraced { traceNodeWillRender(W.self, node: node) }
        let completion = hasObserver
            ? observer!.workflowWillRender(workflow, state: store[slot].state, session: tree.session(of: node)!)
            : nil
        let rendering = renderAndFinish(node, store: store, slot: slot, workflow: workflow, isFirstRender: isFirstRender)
        // The root's slot is the host's rendering: its completions still read
        // the old one, replaced once they are over (R20, R24).
        if node == root {
            completion?(rendering)
            store.setRendering(rendering, at: slot)
        } else {
            store.setRendering(rendering, at: slot)
            completion?(rendering)
        }
        if isTraced { traceNodeDidRender(node) }
        return rendering
    }

    /// `render` in an open frame, then cleanup; the caller stores the result.
    @inlinable @inline(__always)
    func renderAndFinish<W: Workflow>(
        _ node: NodeID, store: NodeStore<W>, slot: StoreSlot, workflow: W, isFirstRender: Bool
    ) -> W.Rendering {
        let state = store[slot].state
        // Every level: a render's locals may make one level's frames large.
        if StackGuard.isNearEnd(passes.stackEnd) {
            StackGuard.treeTooDeep(workflowType: W.self, key: tree.nodes[keyOf: node], depth: passes.depth + 1)
        }
        // A node on its first render has no old children.
        _ = passes.open(node, firstChild: isFirstRender ? .none : tree.nodes[node].firstChild)
        let context = store.contexts.take(W.self, runtime: self, node: handle(node))
        let rendering = context.withGuaranteedRef { workflow.render(state: state, context: $0) }
        store.contexts.giveBack(W.self, key: { tree.nodes[keyOf: node] })
        if isFirstRender {
            // Started clean, not dirtied in a pass (sends wait, R15). With no
            // child asked for, nothing to link: all it has is of this pass.
            if passes.innermostAskedNothing {
                passes.closeLeaf()
            } else {
                finishFirstPass(of: node)
            }
            return rendering
        }
        markRendered(node)
        if tree.nodes[node].firstChild.isNone, passes.innermostAskedNothing,
           tree.nodes[node].sideEffects.isEmpty, tree.nodes[node].sinks.isEmpty
        {
            // A leaf before and after: nothing to end, link or kill.
            passes.closeLeaf()
        } else {
            finishPass(of: node)
        }
        return rendering
    }

    /// Asks for a child during its parent's render: the hot path.
    @inlinable
    func renderChild<Parent: Workflow, Child: Workflow, Action: WorkflowAction>(
        _ workflow: Child,
        key: String,
        outputMap: @escaping (Child.Output) -> Action,
        parent: NodeHandle,
        parentType: Parent.Type
    ) -> Child.Rendering where Action.WorkflowType == Parent {
        let pass = checkRendering(parent, workflowType: Parent.self)
        return unmanagedStore(for: Child.self).withGuaranteedRef { store in
            renderChild(workflow, store: store, key: key, outputMap: outputMap, parent: parent.id, pass: pass, parentType: Parent.self)
        }
    }

    @inlinable
    func renderChild<Parent: Workflow, Child: Workflow, Action: WorkflowAction>(
        _ workflow: Child,
        store: NodeStore<Child>,
        key: String,
        outputMap: @escaping (Child.Output) -> Action,
        parent p: NodeID,
        pass: UInt32,
        parentType: Parent.Type
    ) -> Child.Rendering where Action.WorkflowType == Parent {
        let found = findOrStartChild(parent: p, typeIndex: store.typeIndex, key: key, pass: pass)
        guard found.isExisting else {
            return renderNewChild(found.node, workflow: workflow, store: store, key: key, outputMap: outputMap, parent: p)
        }
        let child = NodeID(rawValue: found.rawValue)

        // One look-up of the record, read-only from here: records never move.
        let (wasAsked, record) = tree.nodes.markAsked(child, in: pass)
        if wasAsked {
            RuntimeErrors.duplicateChild(childType: Child.self, key: key, parentType: Parent.self)
        }
        if !passes.innermost.inOrder {
            passes.ask(child)
        }

        let slot = record.pointee.slot
        if Child.Output.self != Never.self {
            updateRoute(of: store, slot: slot, outputMap: outputMap, parent: p)
        }
        if canSkip(needsRender: record.pointee.needsRender, store: store, slot: slot, newWorkflow: workflow) {
            return store[slot].rendering!
        }
        return renderChangedChild(child, store: store, slot: slot, to: workflow)
    }

    /// `renderChild` for a new child; out of line: the hot path stays small.
    @inlinable @inline(never)
    func renderNewChild<Child: Workflow, Action: WorkflowAction>(
        _ node: NodeID,
        workflow: Child,
        store: NodeStore<Child>,
        key: String,
        outputMap: @escaping (Child.Output) -> Action,
        parent p: NodeID
    ) -> Child.Rendering {
        let route: OutputRoute<Child.Output>? =
            Child.Output.self == Never.self ? nil : ActionRoute(map: outputMap, parent: p)
        startNode(node, workflow: workflow, store: store, key: key, parent: p, route: route)
        passes.ask(node)
        return renderNode(node, store: store, workflow: workflow, isFirstRender: true)
    }

    /// `renderChild` for a child that renders again: R7, then its render.
    @inlinable @inline(never)
    func renderChangedChild<Child: Workflow>(
        _ child: NodeID, store: NodeStore<Child>, slot: StoreSlot, to workflow: Child
    ) -> Child.Rendering {
        update(child, store: store, slot: slot, to: workflow)
        return renderNode(child, store: store, workflow: workflow)
    }

    /// R7: a new workflow value, after `workflowDidChange` saw the old one.
    @inlinable
    func update<W: Workflow>(_ node: NodeID, store: NodeStore<W>, slot: StoreSlot, to workflow: W) {
        let old = store[slot].workflow
        var state = store[slot].state
        workflow.workflowDidChange(from: old, state: &state)
        store.replace(workflow: workflow, state: state, at: slot)
        if observesNodes {
            if isTraced { traceUpdate(of: node, store: store, from: old, to: workflow) }
            if hasObserver {
                observer!.workflowDidChange(from: old, to: workflow, state: state, session: tree.session(of: node)!)
            }
        }
    }

    /// R7: the parent's latest `outputMap`, in place for the same action type.
    @inlinable
    func updateRoute<Child: Workflow, Action: WorkflowAction>(
        of store: NodeStore<Child>, slot: StoreSlot, outputMap: @escaping (Child.Output) -> Action, parent: NodeID
    ) {
        let route = store.route(slot)
        if type(of: route.pointee) == ActionRoute<Child.Output, Action>.self {
            unsafeDowncast(route.pointee, to: ActionRoute<Child.Output, Action>.self).map = outputMap
        } else {
            route.pointee = ActionRoute(map: outputMap, parent: parent)
        }
    }

    /// R5: catches a parent's context used while a child renders (a context
    /// checks the rest itself). Returns the innermost render's pass.
    @inlinable @inline(__always)
    func checkRendering(_ node: NodeHandle, workflowType: Any.Type) -> UInt32 {
        guard passes.innermost.node == node.id else {
            RuntimeErrors.contextUsedOutsideRender(workflowType: workflowType, key: tree.nodes[keyOf: node.id])
        }
        return passes.innermost.pass
    }

    /// The child with this type and key, else a new record indexed and asked
    /// for in `pass`. Looks after the previous hit first, then in the index.
    @inlinable @inline(__always)
    func findOrStartChild(parent: NodeID, typeIndex: TypeIndex, key: String, pass: UInt32) -> ChildLookup {
        let guess = passes.innermost.cursor
        if !guess.isNone {
            // Kept across the key's comparison (a call): records never move.
            let record = tree.nodes.recordAddress(guess.position)
            if record.pointee.typeIndex == typeIndex, tree.nodes[keyOf: guess] == key {
                passes.innermost.cursor = record.pointee.nextSibling
                return ChildLookup(existing: guess)
            }
        }
        return findOrStartChildInIndex(parent: parent, typeIndex: typeIndex, key: key, pass: pass)
    }

    /// `findOrStartChild` off the fast path: siblings out of order, or new.
    @usableFromInline
    func findOrStartChildInIndex(parent: NodeID, typeIndex: TypeIndex, key: String, pass: UInt32) -> ChildLookup {
        if passes.innermost.inOrder {
            passes.innermost.inOrder = false
            // None to push on a first render or before an old child is asked.
            if tree.nodes[parent].firstChild != passes.innermost.cursor {
                pushOldChildren(of: parent, upTo: passes.innermost.cursor)
            }
        }
        let found = tree.findOrStartChild(parent: parent, typeIndex: typeIndex, key: key, pass: pass)
        if found.isNew {
            if hasObserver { tree.makeSessionRoom() }
            return ChildLookup(started: found.node)
        }
        // New in this pass, it has no next sibling: asked again, a duplicate.
        passes.innermost.cursor = tree.nodes[found.node].nextSibling
        return ChildLookup(existing: found.node)
    }

    /// After `render`: ends the children it did not ask for and relinks the
    /// rest, then ends its side effects and kills its sinks not asked for.
    @usableFromInline
    func finishPass(of node: NodeID) {
        let frame = passes.close()
        // In order to the end of the old list: nothing to end or relink.
        if !frame.inOrder || !frame.cursor.isNone {
            if frame.inOrder {
                pushOldChildren(of: node, upTo: frame.cursor)
            }
            endAndRelinkChildren(of: node, after: frame)
        }
        if !tree.nodes[node].sideEffects.isEmpty {
            endSideEffects(of: node, notSeenIn: frame.pass)
        }
        if !tree.nodes[node].sinks.isEmpty {
            killSinks(of: node, notDeclaredIn: frame.pass)
        }
    }

    /// `finishPass` after a first render with children: they started with no
    /// next sibling (the last one keeps it) and only need linking, in order.
    @usableFromInline
    func finishFirstPass(of node: NodeID) {
        let frame = passes.close()
        var next = passes.popLastAsked()
        passes.popAsked(downTo: Int(frame.firstAsked)) { child in
            tree.nodes[child].link(before: next)
            next = child
        }
        tree.nodes[node].linkChildren(from: next)
    }

    /// Pushes the old children before `cursor`: those asked for in order.
    func pushOldChildren(of parent: NodeID, upTo cursor: NodeID) {
        var old = tree.nodes[parent].firstChild
        while old != cursor {
            passes.ask(old)
            old = tree.nodes[old].nextSibling
        }
    }

    /// Ends the children not asked for (old order), links the rest (new order).
    func endAndRelinkChildren(of node: NodeID, after frame: RenderFrame) {
        var child = tree.nodes[node].firstChild
        while !child.isNone {
            let next = tree.nodes[child].nextSibling
            if tree.nodes[child].seenInPass != frame.pass {
                endNode(child)
            }
            child = next
        }

        var next = NodeID.none
        passes.popAsked(downTo: Int(frame.firstAsked)) { child in
            tree.nodes[child].link(before: next)
            next = child
        }
        tree.nodes[node].linkChildren(from: next)
    }
}
