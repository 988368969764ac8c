/// The type-erased part of a node (48 bytes): typed part at `slot` in its
/// type's `NodeStore`, key beside it in the arena. Trivial, so nodes start
/// and end by plain writes; its two lists hold their retains by hand until
/// the node lets go (`FastRuntime.finishPass`, `endNode`, `killSinks`).
@usableFromInline
struct NodeRecord {
    /// Side effects in start order.
    @usableFromInline var sideEffects: SideEffectList
    /// Live sink registrations, one per action type.
    @usableFromInline var sinks: SinkList
    @usableFromInline var parent: NodeID
    /// Children in the last pass's order, linked by `nextSibling`: the next
    /// pass walks it to guess each child and find the unasked ones, with no
    /// array per parent. A free record's `nextSibling` is the next free one.
    @usableFromInline var firstChild: NodeID
    @usableFromInline var nextSibling: NodeID
    /// Where the node's typed values are in its type's store.
    @usableFromInline var slot: StoreSlot
    /// Bumped when the node ends, so that old handles go stale.
    @usableFromInline var generation: UInt32
    /// The parent's pass that last asked for this node: finds duplicates
    /// (R8) and, after the pass, the children to end (R9).
    @usableFromInline var seenInPass: UInt32
    /// The node's child-index hash, to remove it without rehashing the key.
    @usableFromInline var indexHash: UInt32
    /// With the key, the node's identity (R1); `free` when no node.
    @usableFromInline var typeIndex: TypeIndex
    /// The node or a descendant changed since the node last rendered (S1).
    @usableFromInline var needsRender: Bool
    /// The runtime keeps a `SideEffectIndex` for the node's many side effects.
    @usableFromInline var hasSideEffectIndex: Bool

    /// A starting node's record; `seenInPass` is 0 for the root.
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
