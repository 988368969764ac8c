/// The typed storage of one workflow type, in raw segments: an Array of a
/// generic element destroys through value witnesses in unspecialised code,
/// costing more per node than the rest of a teardown. Routes are made only
/// for types with an output (most have none). Invariants: `NodeStoreContents`.
@usableFromInline
final class NodeStore<W: Workflow>: AnyNodeStore {
    /// Unchecked (FastRuntime.swift's header): read per node rendered and per
    /// child; the methods are short, and release the values they take out
    /// only after their last access (R24).
    @exclusivity(unchecked) @usableFromInline var contents = NodeStoreContents<W>()

    /// `==` of the state and of the workflow value found at run time, for a
    /// conformance `W`'s own requirements could not name (S1, S2).
    @usableFromInline let stateEquality: ((W.State, W.State) -> Bool)?
    @usableFromInline let workflowEquality: ((W, W) -> Bool)?
    /// S1: whether an action's effect is checked with `==` (`Equality.comparesChanges`).
    @usableFromInline let comparesState: Bool
    /// A class is never compared (S2): the object changed in place would
    /// equal itself. Kept here because `is AnyObject.Type` is a call.
    @usableFromInline let workflowIsClass: Bool

    @inlinable
    init(typeIndex: TypeIndex, comparingEveryState: Bool = false) {
        // Each dynamic look-up once: a conformance look-up is a runtime call
        // of thousands of instructions, paid per store, so per host.
        let stateEquality = Equality.of(W.State.self)
        self.stateEquality = stateEquality
        workflowEquality = Equality.of(W.self)
        workflowIsClass = W.self is AnyObject.Type
        comparesState = Equality.comparesChanges(
            of: W.State.self, equality: stateEquality, everyComparableState: comparingEveryState
        )
        if W.Output.self != Never.self {
            contents.routes = SegmentedBuffer(initialCapacity: 4)
        }
        super.init(workflowType: W.self, typeIndex: typeIndex)
    }

    // No deinit: `releaseAll`, specialised, destroyed the live slots; the
    // buffers and the context pool free their own memory.

    /// The node's typed values, read. The slot must be live.
    @inlinable
    subscript(slot: StoreSlot) -> NodeSlot<W> {
        unsafeAddress { UnsafePointer(contents.slots[slot.position]) }
    }

    /// A render's rendering, in place of the previous one, released after
    /// the slot is whole again (R24).
    @inlinable @inline(__always)
    func setRendering(_ rendering: W.Rendering, at slot: StoreSlot) {
        contents.slots[slot.position].pointee.rendering = rendering
    }

    /// A node's new workflow value and state (R7). An assignment stores the
    /// new value before it destroys the old one, so a deinit that runs then
    /// finds the slot whole (R24).
    @inlinable @inline(__always)
    func replace(workflow: W, state: W.State, at slot: StoreSlot) {
        contents.slots[slot.position].pointee.workflow = workflow
        contents.slots[slot.position].pointee.state = state
    }

    /// The parent's latest `outputMap` (R7), or the host for the root.
    @inlinable
    func route(_ slot: StoreSlot) -> UnsafeMutablePointer<OutputRoute<W.Output>> {
        switch contents.routes {
        case .some(let routes): routes[slot.position]
        case .none: preconditionFailure("a route of a workflow type without output")
        }
    }

    /// Whether an action can change the state at all: a Void state never does.
    @inlinable
    var stateCanChange: Bool { MemoryLayout<W.State>.size != 0 || W.State.self != Void.self }

    /// S2: `compare(old, new) == .equal`, written out: the Bool test costs
    /// less (0.8% of W8's props change on all leaves).
    @inlinable
    func isUnchanged(_ old: W, _ new: W) -> Bool {
        if MemoryLayout<W>.size == 0 { return true }
        if workflowIsClass { return false }
        if let equal = W._renderSkippingEquality(old, new) { return equal }
        guard let workflowEquality else { return false }
        return workflowEquality(old, new)
    }

    /// S2's comparison, with why a value is not compared kept for the render
    /// trace (D1).
    func compare(_ old: W, _ new: W) -> WorkflowComparison {
        if MemoryLayout<W>.size == 0 { return .equal }
        if workflowIsClass { return .notComparable }
        if let equal = W._renderSkippingEquality(old, new) { return equal ? .equal : .changed }
        guard let workflowEquality else { return .notComparable }
        return workflowEquality(old, new) ? .equal : .changed
    }

    /// `compare` of values S2's test found changed, without running `==`
    /// again: the trace's reason for a changed child.
    func compareFoundDifferent(_ old: W, _ new: W) -> WorkflowComparison {
        if workflowIsClass { return .notComparable }
        if workflowEquality != nil { return .changed }
        return W._renderSkippingEquality(old, new) == nil ? .notComparable : .changed
    }

    /// S1: whether states compared by `comparesState` are equal.
    @inlinable
    func isUnchanged(state old: W.State, _ new: W.State) -> Bool {
        if let equal = W._renderSkippingStateEquality(old, new) { return equal }
        return stateEquality.unsafelyUnwrapped(old, new)
    }

    /// The node's slot in place, for an action to mutate its state.
    @inlinable
    func pointer(to slot: StoreSlot) -> UnsafeMutablePointer<NodeSlot<W>> {
        contents.slots[slot.position]
    }

    /// Takes a slot for a new node; `route` is nil for a type without output.
    @inlinable
    func allocate(_ slot: __owned NodeSlot<W>, route: __owned OutputRoute<W.Output>?) -> StoreSlot {
        let index = takeSlotIndex()
        contents.slots[index].initialize(to: slot)
        if let route {
            self.route(StoreSlot(position: index)).initialize(to: route)
        }
        return StoreSlot(position: index)
    }

    /// `allocate` written in place, inlined on the new-node path: a whole
    /// slot value passed in would be copied through its value witness.
    @inlinable @inline(__always)
    func allocate(workflow: W, state: __owned W.State, route: __owned OutputRoute<W.Output>?) -> StoreSlot {
        let index = takeSlotIndex()
        let place = contents.slots[index]
        (place.pointer(to: \.workflow)!).initialize(to: workflow)
        (place.pointer(to: \.state)!).initialize(to: state)
        (place.pointer(to: \.rendering)!).initialize(to: nil)
        if let route {
            self.route(StoreSlot(position: index)).initialize(to: route)
        }
        return StoreSlot(position: index)
    }

    /// The index of a slot for a new node: a free one, else the next.
    @inlinable @inline(__always)
    func takeSlotIndex() -> Int {
        let index: Int
        if contents.freeSlots.count > 0 {
            index = contents.freeSlots.pop().position
        } else {
            let count = contents.count
            if count == contents.slots.capacity {
                contents.slots.grow(count: count)
                contents.routes?.grow(count: count)
                if !hasRemadeReleasers {
                    makeReleasers()
                    hasRemadeReleasers = true
                }
            }
            index = count
            contents.count = count + 1
        }
        return index
    }

    /// Makes the releasers, specialised where the caller is. A root's store
    /// may be made by generic code, so they are made again on first growth,
    /// on a child's specialised path; a store that never grows has few slots.
    @inlinable
    func makeReleasers() {
        // No captures: where `W` is concrete, neither closure allocates.
        releaseSlot = { unsafeDowncast($0, to: NodeStore<W>.self).release($1) }
        releaseAllSlots = { unsafeDowncast($0, to: NodeStore<W>.self).releaseAll() }
    }

    @inlinable
    func release(_ slot: StoreSlot) {
        // Moved out, destroyed as specialised locals once the store is
        // consistent: deinits run user code (R24).
        let values = contents.slots[slot.position].move()
        guard contents.routes != nil else {
            didRelease(slot)
            _ = consume values
            return
        }
        let route = self.route(slot).move()
        didRelease(slot)
        _ = consume values
        _ = consume route
    }

    @inlinable
    func didRelease(_ slot: StoreSlot) {
        contents.freeSlots.push(slot)
        contents.releasedSinceTrim &+= 1
    }

    /// Destroys each live slot as a specialised local, at the runtime's end:
    /// a run's destroy would look up the associated types per slot.
    @inlinable
    func releaseAll() {
        if _isPOD(NodeSlot<W>.self), contents.routes == nil {
            // Nothing to destroy (folded where specialised).
            contents.count = 0
            contents.freeSlots.removeLast(downTo: 0)
            return
        }
        var isFree = ContiguousArray(repeating: false, count: contents.count)
        for k in 0..<contents.freeSlots.count { isFree[contents.freeSlots[k].position] = true }
        for position in 0..<contents.count where !isFree[position] {
            _ = contents.slots[position].move()
            if contents.routes != nil {
                _ = route(StoreSlot(position: position)).move()
            }
        }
        contents.count = 0
        contents.freeSlots.removeLast(downTo: 0)
    }

    /// `NodeArena.trimFreeTail` for slots, once half were released since the
    /// last trim; free ones, restacked lowest first, hold nothing to destroy.
    override func trimFreeTail(keeping minimum: Int) {
        let live = contents.count - contents.freeSlots.count
        guard contents.count > minimum, live * 4 < contents.count, contents.releasedSinceTrim * 2 >= contents.count else { return }
        contents.releasedSinceTrim = 0
        var isFree = [Bool](repeating: false, count: contents.count)
        for k in 0..<contents.freeSlots.count {
            isFree[contents.freeSlots[k].position] = true
        }
        var newCount = contents.count
        while newCount > 0, isFree[newCount - 1] {
            newCount -= 1
        }
        guard newCount < contents.count else { return }
        contents.count = newCount
        contents.freeSlots.removeLast(downTo: 0)
        for slot in stride(from: newCount - 1, through: 0, by: -1) where isFree[slot] {
            contents.freeSlots.push(StoreSlot(position: slot))
        }
        contents.freeSlots.shrink(expecting: contents.freeSlots.count, minimum: 4)
        let room = max(newCount, 2 * live, minimum)
        contents.slots.shrink(toFit: room)
        contents.routes?.shrink(toFit: room)
    }

    override func slotCounts() -> (count: Int, free: Set<Int32>) {
        (contents.count, Set((0..<contents.freeSlots.count).map { contents.freeSlots[$0].rawValue }))
    }

    override func state(at slot: StoreSlot) -> Any {
        self[slot].state
    }
}

/// What `NodeStore.compare` found.
package enum WorkflowComparison {
    case equal, changed
    /// A class, or a type with stored properties and no `==`.
    case notComparable
}
