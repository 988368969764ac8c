/// The type-erased part of a node, one record per node ID (48 bytes).
/// The typed part (workflow value, state, rendering) lives in the
/// `NodeStore` of the node's workflow type, at `slot`; the key lives beside
/// the record in the arena.
///
/// The record is trivial (no reference counting): nodes start and end by
/// plain memory writes. What it references is owned by its two
/// lists, `SideEffectList` and `SinkList`, which hold their retains by hand
/// and give them back when the node lets go (`FastRuntime.finishPass`,
/// `endNode`, `killSinks`).
@usableFromInline
struct NodeRecord {
    /// Side effects in start order.
    @usableFromInline var sideEffects: SideEffectList
    /// Live sink registrations, one per action type.
    @usableFromInline var sinks: SinkList
    @usableFromInline var parent: NodeID
    /// Children in the order the last pass asked for them, as a list through
    /// `nextSibling`: the next pass walks it to guess each child and to find
    /// the children it did not ask for, with no array per parent. A free
    /// record's `nextSibling` is the next free record.
    @usableFromInline var firstChild: NodeID
    @usableFromInline var nextSibling: NodeID
    /// Where the node's typed values are in its type's store.
    @usableFromInline var slot: StoreSlot
    /// Bumped when the node ends, so that old handles go stale.
    @usableFromInline var generation: UInt32
    /// The parent's pass that last asked for this node: finds duplicates
    /// (R8) and, after the pass, the children to end (R9).
    @usableFromInline var seenInPass: UInt32
    /// The node's hash in the parent's child index (kept to remove it
    /// without hashing the key again).
    @usableFromInline var indexHash: UInt32
    /// The node's workflow type: with the key, its identity (R1).
    /// `TypeIndex.free` when the record holds no node.
    @usableFromInline var typeIndex: TypeIndex
    /// The node or a descendant changed since the node last rendered (S1).
    @usableFromInline var needsRender: Bool
    /// The runtime keeps a `SideEffectIndex` for the node's many side effects.
    @usableFromInline var hasSideEffectIndex: Bool

    /// A record for a node that starts now under `parent`, asked for in
    /// `seenInPass` (0: by no pass, the root), with its child-index hash.
    @inlinable
    init(typeIndex: TypeIndex, parent: NodeID, generation: UInt32, seenInPass: UInt32 = 0, indexHash: UInt32 = 0) {
        self.sideEffects = SideEffectList()
        self.sinks = SinkList()
        self.parent = parent
        self.firstChild = .none
        self.nextSibling = .none
        self.slot = .none
        self.generation = generation
        self.seenInPass = seenInPass
        self.indexHash = indexHash
        self.typeIndex = typeIndex
        self.needsRender = false
        self.hasSideEffectIndex = false
    }
}
