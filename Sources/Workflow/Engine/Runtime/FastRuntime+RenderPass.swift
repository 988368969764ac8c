// The render pass: a node's render, the children it asks for (R7, R8),
// and the cleanup after it (R9, R12, R13).

extension FastRuntime {
    /// Renders a node: its `render`, then the cleanup of what that pass did
    /// not ask for (R9, R12, R13). The root's pass: its workflow is a copy
    /// of its slot's.
    @inlinable @inline(__always)
    func renderNode<W: Workflow>(_ node: NodeID, store: NodeStore<W>) -> W.Rendering {
        let workflow = store[tree.nodes[node].slot].workflow
        return renderNode(node, store: store, workflow: workflow)
    }

    /// `renderNode` for a caller that holds `workflow`, the value the node's
    /// slot has (a child just given it by its parent): the render borrows
    /// it, so a child's pass copies no workflow value. A host with observers
    /// renders through `renderObservedNode`; a traced one calls its two
    /// hooks out of line around this same path, so that a trace adds no
    /// frame per level of the tree and the stack guard stops at the same
    /// depth (D1). Without either, the one test before the render and one
    /// after. `isFirstRender`: the node started in this pass (the caller
    /// knows it at compile time).
    @inlinable @inline(__always)
    func renderNode<W: Workflow>(
        _ node: NodeID, store: NodeStore<W>, workflow: W, isFirstRender: Bool = false
    ) -> W.Rendering {
        if observesNodes {
            if hasObserver {
                return renderObservedNode(node, store: store, workflow: workflow, isFirstRender: isFirstRender)
            }
            traceNodeWillRender(W.self, node: node)
        }
        let slot = tree.nodes[node].slot
        let rendering = renderAndFinish(node, store: store, slot: slot, workflow: workflow, isFirstRender: isFirstRender)
        // The previous rendering goes once the node's pass is over: a deinit
        // it runs may send to the node's sinks (R15, R24).
        store[slot].rendering = rendering
        if observesNodes { traceNodeDidRender(node) }
        return rendering
    }

    /// `renderNode` with the observers' and the trace's hooks around the
    /// render; out of line, so that the plain path stays small.
    @inlinable @inline(never)
    func renderObservedNode<W: Workflow>(
        _ node: NodeID, store: NodeStore<W>, workflow: W, isFirstRender: Bool
    ) -> W.Rendering {
        let slot = tree.nodes[node].slot
        if trace != nil { traceNodeWillRender(W.self, node: node) }
        let completion = hasObserver
            ? observer!.workflowWillRender(workflow, state: store[slot].state, session: tree.session(of: node)!)
            : nil
        let rendering = renderAndFinish(node, store: store, slot: slot, workflow: workflow, isFirstRender: isFirstRender)
        // The root's slot is the host's rendering, and a host takes the new
        // one once the root's render, completions included, is over (R20,
        // R24): the root's completions still read the old one.
        if node == root {
            completion?(rendering)
            store[slot].rendering = rendering
        } else {
            store[slot].rendering = rendering
            completion?(rendering)
        }
        if trace != nil { traceNodeDidRender(node) }
        return rendering
    }

    /// A node's own pass: its `render` with its frame open, then the cleanup
    /// after it. The caller stores the rendering.
    @inlinable @inline(__always)
    func renderAndFinish<W: Workflow>(
        _ node: NodeID, store: NodeStore<W>, slot: StoreSlot, workflow: W, isFirstRender: Bool
    ) -> W.Rendering {
        let state = store[slot].state
        // At every level: one level's frames may be as large as a render's
        // locals make them, so a check every few levels could be too late.
        if StackGuard.isNearEnd(passes.stackEnd) {
            StackGuard.treeTooDeep(workflowType: W.self, key: tree.nodes[keyOf: node], depth: passes.depth + 1)
        }
        // A node on its first render has no old children.
        _ = passes.open(node, firstChild: isFirstRender ? .none : tree.nodes[node].firstChild)
        let context = store.contexts.take(W.self, runtime: self, node: handle(node))
        let rendering = context.withGuaranteedRef { workflow.render(state: state, context: $0) }
        store.contexts.giveBack(W.self, key: { tree.nodes[keyOf: node] })
        if isFirstRender {
            // Its record was written clean when it started, and nothing
            // marks a node dirty during a render pass (sends then wait,
            // R15). With no child asked for, it has nothing to link: its
            // side effects and sinks are all of this pass.
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

        // One address for the record's fields: records never move.
        let record = tree.nodes.recordAddress(child.position)
        if record.pointee.seenInPass == pass {
            RuntimeErrors.duplicateChild(childType: Child.self, key: key, parentType: Parent.self)
        }
        record.pointee.seenInPass = pass
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

    /// `renderChild` for a (type, key) the parent did not have, whose
    /// record `node` the look-up just took: out of line, so that the path of
    /// a child asked for again stays small.
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

    /// R7: a node gets a new workflow value, from its parent's render or
    /// from the host: `workflowDidChange` sees the old one and may change
    /// the state, then the new value is kept.
    @inlinable
    func update<W: Workflow>(_ node: NodeID, store: NodeStore<W>, slot: StoreSlot, to workflow: W) {
        let old = store[slot].workflow
        var state = store[slot].state
        workflow.workflowDidChange(from: old, state: &state)
        // An assignment stores the new value before it destroys the old one,
        // so a deinit that runs then finds the slot whole (R24).
        store[slot].workflow = workflow
        store[slot].state = state
        if observesNodes {
            if trace != nil { traceUpdate(of: node, store: store, from: old, to: workflow) }
            if hasObserver {
                observer!.workflowDidChange(from: old, to: workflow, state: state, session: tree.session(of: node)!)
            }
        }
    }

    /// R7: the parent's latest `outputMap` replaces the old one, in place
    /// when the action type is the same.
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

    /// R5: the context must belong to the innermost render running. Only a
    /// valid context calls this (it checked itself), so its node is alive
    /// and rendering: what is left to catch is a parent's context used
    /// while a child renders. Returns that render's pass.
    @inlinable @inline(__always)
    func checkRendering(_ node: NodeHandle, workflowType: Any.Type) -> UInt32 {
        guard passes.innermost.node == node.id else {
            RuntimeErrors.contextUsedOutsideRender(workflowType: workflowType, key: tree.nodes[keyOf: node.id])
        }
        return passes.innermost.pass
    }

    /// The existing child of `parent` with this type index and key, else a
    /// new node's record, indexed and asked for in `pass`: first the
    /// previous child after the previous hit, then through the index.
    @inlinable @inline(__always)
    func findOrStartChild(parent: NodeID, typeIndex: TypeIndex, key: String, pass: UInt32) -> ChildLookup {
        let guess = passes.innermost.cursor
        if !guess.isNone {
            // One address for the record's fields, kept across the key's
            // comparison (a call): records never move.
            let record = tree.nodes.recordAddress(guess.position)
            if record.pointee.typeIndex == typeIndex, tree.nodes[keyOf: guess] == key {
                passes.innermost.cursor = record.pointee.nextSibling
                return ChildLookup(existing: guess)
            }
        }
        return findOrStartChildInIndex(parent: parent, typeIndex: typeIndex, key: key, pass: pass)
    }

    /// `findOrStartChild` off the fast path: the siblings came in another
    /// order, or the child is new. One call for the look-up and, on a miss,
    /// the new record and its index entry.
    @usableFromInline
    func findOrStartChildInIndex(parent: NodeID, typeIndex: TypeIndex, key: String, pass: UInt32) -> ChildLookup {
        if passes.innermost.inOrder {
            passes.innermost.inOrder = false
            // A first render, or a pass that asked for none of the old
            // children yet, has none to push.
            if tree.nodes[parent].firstChild != passes.innermost.cursor {
                pushOldChildren(of: parent, upTo: passes.innermost.cursor)
            }
        }
        let found = tree.findOrStartChild(parent: parent, typeIndex: typeIndex, key: key, pass: pass)
        if found.isNew {
            if hasObserver { tree.makeSessionRoom() }
            return ChildLookup(started: found.node)
        }
        // A child made in this pass has no next sibling yet: asking for it
        // again is a duplicate, which the caller reports.
        passes.innermost.cursor = tree.nodes[found.node].nextSibling
        return ChildLookup(existing: found.node)
    }

    /// After a node's `render` returned: ends the children it did not ask
    /// for (in their previous order), records the new order, ends the side
    /// effects it did not ask for, kills the sinks it did not declare.
    @usableFromInline
    func finishPass(of node: NodeID) {
        let frame = passes.close()
        // A pass in order to the end of the old list asked for the old
        // children in the old order: nothing to end or relink.
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

    /// `finishPass` after a node's first render that asked for children: it
    /// had no old child to end, and every side effect and sink it has it
    /// asked for in this pass, so only its children are linked, in the
    /// order asked. They all started in this pass, their records written
    /// with no next sibling: the last one keeps it.
    @usableFromInline
    func finishFirstPass(of node: NodeID) {
        let frame = passes.close()
        var next = passes.popLastAsked()
        passes.popAsked(downTo: Int(frame.firstAsked)) { child in
            tree.nodes[child].nextSibling = next
            next = child
        }
        tree.nodes[node].firstChild = next
    }

    /// Puts the old children before `cursor` on the stack: the children a
    /// pass asked for while it was in order.
    func pushOldChildren(of parent: NodeID, upTo cursor: NodeID) {
        var old = tree.nodes[parent].firstChild
        while old != cursor {
            passes.ask(old)
            old = tree.nodes[old].nextSibling
        }
    }

    /// Ends the children the pass did not ask for, in their old order, then
    /// links the ones it asked for in their new order.
    func endAndRelinkChildren(of node: NodeID, after frame: RenderFrame) {
        var child = tree.nodes[node].firstChild
        while !child.isNone {
            let next = tree.nodes[child].nextSibling
            if tree.nodes[child].seenInPass != frame.pass {
                endNode(child)
            }
            child = next
        }

        // The new order: this pass's part of the stack, linked.
        var next = NodeID.none
        passes.popAsked(downTo: Int(frame.firstAsked)) { child in
            tree.nodes[child].nextSibling = next
            next = child
        }
        tree.nodes[node].firstChild = next
    }
}
