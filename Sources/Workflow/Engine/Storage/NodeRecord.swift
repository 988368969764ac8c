/// The type-erased part of a node, one record per arena slot (48 bytes).
/// The typed part (workflow value, state, rendering) lives in the
/// `NodeStore` of the node's workflow type, at `slot`; the key lives beside
/// the record in the arena.
///
/// The record is trivial (no reference counting): nodes start and end by
/// plain memory writes. What it references it owns by hand: `sideEffects`
/// and `sinks` hold one retain each, released when the node lets them go
/// (`FastRuntime.finishPass`, `endNode`, `killSinks`).
@usableFromInline
struct NodeRecord {
    /// Side effects, made on the first `runSideEffect` (retained).
    @usableFromInline var sideEffects: Unmanaged<SideEffectTable>?
    /// Head of the list of live sink registrations, one per action type
    /// (retained; each registration holds the next).
    @usableFromInline var sinks: Unmanaged<SinkRegistration>?
    @usableFromInline var parent: Int32
    /// Children in the order the last pass asked for them, as a list through
    /// `nextSibling`: the next pass walks it to guess each child and to find
    /// the children it did not ask for, with no array per parent. A free
    /// record's `nextSibling` is the next free record.
    @usableFromInline var firstChild: Int32
    @usableFromInline var nextSibling: Int32
    /// Index of the slot in the typed store.
    @usableFromInline var slot: Int32
    /// Bumped when the node ends, so that old handles go stale.
    @usableFromInline var generation: UInt32
    /// The parent's pass that last asked for this node: finds duplicates
    /// (R8) and, after the pass, the children to end (R9).
    @usableFromInline var seenInPass: UInt32
    /// The node's hash in the parent's child index (kept to remove it
    /// without hashing the key again).
    @usableFromInline var indexHash: UInt32
    /// The node's typed store in `FastRuntime.storeTable`: with the key, its
    /// identity (R1). `NodeRecord.free` when the slot is free.
    @usableFromInline var store: UInt16
    /// The node or a descendant changed since the node last rendered (S1).
    @usableFromInline var needsRender: Bool

    @inlinable
    static var free: UInt16 { .max }

    /// A record for a node that starts now under `parent`.
    @inlinable
    init(store: UInt16, parent: Int32, generation: UInt32) {
        self.sideEffects = nil
        self.sinks = nil
        self.parent = parent
        self.firstChild = -1
        self.nextSibling = -1
        self.slot = -1
        self.generation = generation
        self.seenInPass = 0
        self.indexHash = 0
        self.store = store
        self.needsRender = false
    }
}
