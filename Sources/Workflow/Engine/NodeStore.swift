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
    /// Destroys every live slot, when the runtime ends; made the same way.
    @exclusivity(unchecked) @usableFromInline var releaseAllSlots: () -> Void = {}

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

/// The typed storage of one workflow type. Slots live in a raw buffer that
/// this class owns, not in an Array: an Array of a generic element destroys
/// and inspects its elements through value witnesses (metadata look-ups per
/// element) in code that is never specialised, which cost more per node than
/// all the rest of a teardown. Here every access is specialised for `W`.
///
/// Invariants: slots `0..<count` are initialised except those in
/// `freeSlots`; slots `count..<capacity` are not.
@usableFromInline
final class NodeStore<W: Workflow>: AnyNodeStore {
    @exclusivity(unchecked) @usableFromInline var base: UnsafeMutablePointer<NodeSlot<W>>
    @exclusivity(unchecked) @usableFromInline var capacity: Int
    @exclusivity(unchecked) @usableFromInline var count = 0
    @exclusivity(unchecked) @usableFromInline var freeSlots: ContiguousArray<Int32> = []

    /// `==` of the state, when it is Equatable (S1).
    @usableFromInline let stateEquality: ((W.State, W.State) -> Bool)?
    /// `==` of the workflow value, when it is Equatable (S2).
    @usableFromInline let workflowEquality: ((W, W) -> Bool)?

    @usableFromInline
    init() {
        stateEquality = Equality.of(W.State.self)
        workflowEquality = Equality.of(W.self)
        capacity = 4
        base = .allocate(capacity: capacity)
        super.init(workflowType: W.self)
    }

    deinit {
        // The live slots were destroyed by `releaseAll`, which runs
        // specialised; this (generic) deinit only frees the memory.
        base.deallocate()
    }

    /// The node's typed values. The slot must be live.
    @inlinable
    subscript(slot: Int) -> NodeSlot<W> {
        unsafeAddress { UnsafePointer(base + slot) }
        unsafeMutableAddress { base + slot }
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
    func allocate(_ slot: __owned NodeSlot<W>) -> Int32 {
        if let index = freeSlots.popLast() {
            (base + Int(index)).initialize(to: slot)
            return index
        }
        if count == capacity {
            grow()
        }
        (base + count).initialize(to: slot)
        count += 1
        return Int32(count - 1)
    }

    @inlinable
    func grow() {
        let newBase = UnsafeMutablePointer<NodeSlot<W>>.allocate(capacity: capacity * 2)
        newBase.moveInitialize(from: base, count: count)
        base.deallocate()
        base = newBase
        capacity *= 2
    }

    @inlinable
    func release(_ slot: Int32) {
        // `move()` rather than `deinitialize`: the value is then destroyed
        // as a specialised local, not through `NodeSlot`'s value witness.
        _ = (base + Int(slot)).move()
        freeSlots.append(slot)
    }

    /// Destroys every live slot: the end of the runtime.
    @inlinable
    func releaseAll() {
        var isFree = ContiguousArray(repeating: false, count: count)
        for slot in freeSlots { isFree[Int(slot)] = true }
        for slot in 0..<count where !isFree[slot] {
            _ = (base + slot).move()
        }
        count = 0
        freeSlots.removeAll()
    }

    @usableFromInline
    override func state(at slot: Int32) -> Any {
        self[Int(slot)].state
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
