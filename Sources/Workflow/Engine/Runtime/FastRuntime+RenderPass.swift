// The render pass: a node's render, the children it asks for (R7, R8),
// and the cleanup after it (R9, R12, R13).

extension FastRuntime {
    /// Renders a node: its `render`, then the cleanup of what that pass did
    /// not ask for (R9, R12, R13), then the observers' completions.
    @inlinable
    func renderNode<W: Workflow>(_ node: Int32, store: NodeStore<W>) -> W.Rendering {
        let i = Int(node)
        let slot = Int(nodes[i].slot)
        let workflow = store[slot].workflow
        let state = store[slot].state
        let completion = hasObserver ? observer!.workflowWillRender(workflow, state: state, session: sessions[i]!) : nil

        passCounter &+= 1
        if passCounter == 0 { passCounter = 1 }
        frames.push(RenderFrame(
            node: node, pass: passCounter, firstAsked: Int32(truncatingIfNeeded: asked.count), cursor: nodes[i].firstChild
        ))
        let context = store.contexts.take(runtime: self, node: handle(node))
        let rendering = context._withUnsafeGuaranteedRef { workflow.render(state: state, context: $0) }
        store.contexts.giveBack()
        markRendered(node)
        store[slot].rendering = rendering
        if nodes[i].firstChild < 0, asked.count == Int(frames[frames.count - 1].firstAsked),
           nodes[i].sideEffects == nil, nodes[i].sinks == nil
        {
            // A leaf before and after: nothing to end, link or kill.
            frames.count -= 1
        } else {
            finishPass(of: node)
        }

        completion?(rendering)
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
        return unmanagedStore(for: Child.self)._withUnsafeGuaranteedRef { store in
            renderChild(workflow, store: store, key: key, outputMap: outputMap, parent: parent.index, pass: pass, parentType: Parent.self)
        }
    }

    @inlinable
    func renderChild<Parent: Workflow, Child: Workflow, Action: WorkflowAction>(
        _ workflow: Child,
        store: NodeStore<Child>,
        key: String,
        outputMap: @escaping (Child.Output) -> Action,
        parent p: Int32,
        pass: UInt32,
        parentType: Parent.Type
    ) -> Child.Rendering where Action.WorkflowType == Parent {
        let child = findChild(parent: p, store: store.index, key: key)

        guard child >= 0 else {
            let route: OutputRoute<Child.Output>? =
                Child.Output.self == Never.self ? nil : ActionRoute(map: outputMap, parent: p)
            let node = startNode(workflow, store: store, key: key, parent: p, route: route)
            nodes[Int(node)].seenInPass = pass
            asked.push(node)
            return renderNode(node, store: store)
        }

        let c = Int(child)
        if nodes[c].seenInPass == pass {
            RuntimeErrors.duplicateChild(childType: Child.self, key: key, parentType: Parent.self)
        }
        nodes[c].seenInPass = pass
        asked.push(child)

        let slot = Int(nodes[c].slot)
        if Child.Output.self != Never.self {
            updateRoute(of: store, slot: slot, outputMap: outputMap, parent: p)
        }
        if canSkip(child, store: store, slot: slot, newWorkflow: workflow) {
            return store[slot].rendering!
        }

        update(child, store: store, slot: slot, to: workflow)
        return renderNode(child, store: store)
    }

    /// R7: a node gets a new workflow value, from its parent's render or
    /// from the host: `workflowDidChange` sees the old one and may change
    /// the state, then the new value is kept.
    @inlinable
    func update<W: Workflow>(_ node: Int32, store: NodeStore<W>, slot: Int, to workflow: W) {
        let old = store[slot].workflow
        var state = store[slot].state
        workflow.workflowDidChange(from: old, state: &state)
        store[slot].workflow = workflow
        store[slot].state = state
        if hasObserver {
            observer!.workflowDidChange(from: old, to: workflow, state: state, session: sessions[Int(node)]!)
        }
    }

    /// R7: the parent's latest `outputMap` replaces the old one, in place
    /// when the action type is the same.
    @inlinable
    func updateRoute<Child: Workflow, Action: WorkflowAction>(
        of store: NodeStore<Child>, slot: Int, outputMap: @escaping (Child.Output) -> Action, parent: Int32
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
        let top = frames.count - 1
        guard frames[top].node == node.index else {
            RuntimeErrors.contextUsedOutsideRender(workflowType: workflowType, key: nodes[key: Int(node.index)])
        }
        return frames[top].pass
    }

    /// The existing child of `parent` with this store (type) and key, or -1:
    /// first the previous child after the previous hit, then through the
    /// index.
    @usableFromInline
    func findChild(parent: Int32, store: UInt16, key: String) -> Int32 {
        let top = frames.count - 1
        let guess = frames[top].cursor
        if guess >= 0 {
            let g = Int(guess)
            if nodes[g].store == store, nodes[key: g] == key {
                frames[top].cursor = nodes[g].nextSibling
                return guess
            }
        }
        let child = childIndex.find(parent: parent, store: store, key: key, in: nodes)
        if child >= 0 {
            // A child made in this pass has no next sibling yet: asking for
            // it again is a duplicate, which the caller reports.
            frames[top].cursor = nodes[Int(child)].nextSibling
        }
        return child
    }

    /// After a node's `render` returned: ends the children it did not ask
    /// for (in their previous order), records the new order, ends the side
    /// effects it did not ask for, kills the sinks it did not declare.
    @usableFromInline
    func finishPass(of node: Int32) {
        let frame = frames.pop()
        let i = Int(node)

        var child = nodes[i].firstChild
        while child >= 0 {
            let next = nodes[Int(child)].nextSibling
            if nodes[Int(child)].seenInPass != frame.pass {
                endNode(child)
            }
            child = next
        }

        // The new order: this pass's part of the stack, linked.
        let first = Int(frame.firstAsked)
        var next: Int32 = -1
        var k = asked.count
        while k > first {
            k -= 1
            let child = asked[k]
            nodes[Int(child)].nextSibling = next
            next = child
        }
        nodes[i].firstChild = next
        asked.count = first

        if let sideEffects = nodes[i].sideEffects {
            let table = sideEffects.takeUnretainedValue()
            table.endUnseen(pass: frame.pass)
            if table.entries.isEmpty {
                nodes[i].sideEffects = nil
                sideEffects.release()
            }
        }
        if nodes[i].sinks != nil {
            killSinks(of: node, notDeclaredIn: frame.pass)
        }
    }
}
