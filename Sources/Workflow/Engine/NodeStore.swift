/// Typed storage for every node of one workflow type: workflow values, states
/// and last renderings unboxed, in one contiguous array of slots. One store
/// per type per runtime, made when the first node of the type starts; it also
/// holds the per-type facts the runtime needs on the hot path.
@usableFromInline
class AnyNodeStore {
    @usableFromInline let workflowType: Any.Type
    @usableFromInline let typeID: ObjectIdentifier

    @usableFromInline
    init(workflowType: Any.Type) {
        self.workflowType = workflowType
        self.typeID = ObjectIdentifier(workflowType)
    }

    /// Frees a slot, releasing its values. A closure made where the type is
    /// known (`FastRuntime.store(for:)`), so that it runs specialised: a
    /// virtual method of the generic store would run unspecialised and pay
    /// metadata look-ups for every node that ends.
    @exclusivity(unchecked) @usableFromInline var releaseSlot: (Int32) -> Void = { _ in }

    /// The slot's state, boxed, for debug snapshots.
    @usableFromInline
    func state(at slot: Int32) -> Any { fatalError("abstract") }
}

@usableFromInline
struct NodeSlot<W: Workflow> {
    @usableFromInline var workflow: W
    @usableFromInline var state: W.State
    /// Nil until the node's first render returned.
    @usableFromInline var rendering: W.Rendering?
    /// Where outputs go: the parent's latest `outputMap`. Nil when the
    /// workflow has no output.
    @usableFromInline var route: OutputRoute<W.Output>?

    @inlinable
    init(workflow: W, state: W.State, route: OutputRoute<W.Output>?) {
        self.workflow = workflow
        self.state = state
        self.rendering = nil
        self.route = route
    }
}

@usableFromInline
final class NodeStore<W: Workflow>: AnyNodeStore {
    @exclusivity(unchecked) @usableFromInline var slots: ContiguousArray<NodeSlot<W>?> = []
    @exclusivity(unchecked) @usableFromInline var freeSlots: ContiguousArray<Int32> = []

    /// `==` of the state, when it is Equatable (S1).
    @usableFromInline let stateEquality: ((W.State, W.State) -> Bool)?
    /// `==` of the workflow value, when it is Equatable (S2).
    @usableFromInline let workflowEquality: ((W, W) -> Bool)?

    @usableFromInline
    init() {
        stateEquality = Equality.of(W.State.self)
        workflowEquality = Equality.of(W.self)
        super.init(workflowType: W.self)
    }

    /// Whether an action can change the state at all: a Void state never does.
    @inlinable
    var stateCanChange: Bool { MemoryLayout<W.State>.size != 0 || W.State.self != Void.self }

    /// S2: whether a new workflow value counts as unchanged. Workflows with
    /// no stored properties are always equal; others need `==`.
    @inlinable
    func isUnchanged(_ old: W, _ new: W) -> Bool {
        if MemoryLayout<W>.size == 0 { return true }
        guard let workflowEquality else { return false }
        return workflowEquality(old, new)
    }

    @inlinable
    func allocate(_ slot: NodeSlot<W>) -> Int32 {
        if let index = freeSlots.popLast() {
            slots[Int(index)] = slot
            return index
        }
        slots.append(slot)
        return Int32(slots.count - 1)
    }

    @inlinable
    func release(_ slot: Int32) {
        slots[Int(slot)] = nil
        freeSlots.append(slot)
    }

    @usableFromInline
    override func state(at slot: Int32) -> Any {
        slots[Int(slot)]!.state
    }
}

/// `==` for a type known only at run time to be Equatable: found once per
/// type by a dynamic cast, then called through a closure.
@usableFromInline
enum Equality {
    @usableFromInline
    static func of<T>(_ type: T.Type) -> ((T, T) -> Bool)? {
        guard let equatable = type as? any Equatable.Type else { return nil }
        return equatable.equality(as: type)
    }
}

extension Equatable {
    fileprivate static func equality<T>(as: T.Type) -> (T, T) -> Bool {
        // T is Self here (the cast above proved it), so the bit casts are moves.
        { lhs, rhs in unsafeBitCast(lhs, to: Self.self) == unsafeBitCast(rhs, to: Self.self) }
    }
}
