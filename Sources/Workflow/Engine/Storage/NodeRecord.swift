/// The type-erased part of a node (48 bytes): typed part at `slot` in its
/// type's `NodeStore`, key beside it in the arena. Trivial, so nodes start
/// and end by plain writes; its two lists hold their retains by hand until
/// the node lets go (`FastRuntime.finishPass`, `endNode`, `killSinks`).
///
/// Its scalar fields carry an underscore: inlinable code reads them through
/// the getters below and changes them only through the record's methods.
/// The two lists are parts of their own, changed by their own methods.
@usableFromInline
struct NodeRecord {
    /// Side effects in start order.
    @usableFromInline var sideEffects: SideEffectList
    /// Live sink registrations, one per action type.
    @usableFromInline var sinks: SinkList
    @usableFromInline var _parent: NodeID
    /// Children in the last pass's order, linked by `nextSibling`: the next
    /// pass walks it to guess each child and find the unasked ones, with no
    /// array per parent. A free record's `nextSibling` is the next free one.
    @usableFromInline var _firstChild: NodeID
    @usableFromInline var _nextSibling: NodeID
    /// Where the node's typed values are in its type's store.
    @usableFromInline var _slot: StoreSlot
    /// Bumped when the node ends, so that old handles go stale.
    @usableFromInline var _generation: UInt32
    /// The parent's pass that last asked for this node: finds duplicates
    /// (R8) and, after the pass, the children to end (R9).
    @usableFromInline var _seenInPass: UInt32
    /// The node's child-index hash, to remove it without rehashing the key.
    @usableFromInline var _indexHash: UInt32
    /// With the key, the node's identity (R1); `free` when no node.
    @usableFromInline var _typeIndex: TypeIndex
    /// The node or a descendant changed since the node last rendered (S1).
    @usableFromInline var _needsRender: Bool
    /// The runtime keeps a `SideEffectIndex` for the node's many side effects.
    @usableFromInline var _hasSideEffectIndex: Bool

    /// A starting node's record; `seenInPass` is 0 for the root.
    @inlinable
    init(typeIndex: TypeIndex, parent: NodeID, generation: UInt32, seenInPass: UInt32 = 0, indexHash: UInt32 = 0) {
        self.sideEffects = SideEffectList()
        self.sinks = SinkList()
        self._parent = parent
        self._firstChild = .none
        self._nextSibling = .none
        self._slot = .none
        self._generation = generation
        self._seenInPass = seenInPass
        self._indexHash = indexHash
        self._typeIndex = typeIndex
        self._needsRender = false
        self._hasSideEffectIndex = false
    }

    @inlinable var parent: NodeID { _parent }
    @inlinable var firstChild: NodeID { _firstChild }
    @inlinable var nextSibling: NodeID { _nextSibling }
    @inlinable var slot: StoreSlot { _slot }
    @inlinable var generation: UInt32 { _generation }
    @inlinable var seenInPass: UInt32 { _seenInPass }
    @inlinable var indexHash: UInt32 { _indexHash }
    @inlinable var typeIndex: TypeIndex { _typeIndex }
    @inlinable var needsRender: Bool { _needsRender }
    @inlinable var hasSideEffectIndex: Bool { _hasSideEffectIndex }

    /// The node's typed values now live at `slot`.
    @inlinable @inline(__always)
    mutating func place(at slot: StoreSlot) {
        _slot = slot
    }

    /// Its parent's pass `pass` asked for it (R8, R9); 0: no pass will match.
    @inlinable @inline(__always)
    mutating func markAsked(in pass: UInt32) {
        _seenInPass = pass
    }

    /// The first of its children in the order the last pass asked for them.
    @inlinable @inline(__always)
    mutating func linkChildren(from first: NodeID) {
        _firstChild = first
    }

    /// The sibling after it in its parent's last pass; for a free record,
    /// the next free one.
    @inlinable @inline(__always)
    mutating func link(before next: NodeID) {
        _nextSibling = next
    }

    /// S1: it, or a node below it, changed since it rendered.
    @inlinable @inline(__always)
    mutating func markNeedsRender() {
        _needsRender = true
    }

    /// S1: it rendered.
    @inlinable @inline(__always)
    mutating func markRendered() {
        _needsRender = false
    }

    mutating func setHasSideEffectIndex(_ has: Bool) {
        _hasSideEffectIndex = has
    }

    /// The node ended: the record joins the free list before `nextFree`, and
    /// its handles go stale.
    mutating func free(before nextFree: NodeID) {
        _typeIndex = .free
        _firstChild = .none
        _parent = .none
        _seenInPass = 0
        _needsRender = false
        _generation &+= 1
        _nextSibling = nextFree
    }
}
