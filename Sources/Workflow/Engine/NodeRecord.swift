/// The address of a node in the arena: a slot index and the generation of the
/// node that holds it. Slots are reused; a handle whose generation differs
/// from the slot's is stale, which is detected in O(1).
@usableFromInline
struct NodeHandle: Equatable {
    @usableFromInline var index: Int32
    @usableFromInline var generation: UInt32

    @inlinable
    init(index: Int32, generation: UInt32) {
        self.index = index
        self.generation = generation
    }
}

/// The type-erased part of a node, one record per arena slot, contiguous.
/// The typed part (workflow value, state, rendering, output route) lives in
/// the `NodeStore` of the node's workflow type, at `slot`.
@usableFromInline
struct NodeRecord {
    /// The typed storage of the node's concrete workflow type, which is half
    /// of its identity (R1); owned by the runtime's store table, nil when free.
    @usableFromInline var store: Unmanaged<AnyNodeStore>?
    /// The key the parent rendered it with: the other half of its identity.
    @usableFromInline var key: String
    /// Children in the order the last pass asked for them.
    @usableFromInline var children: ContiguousArray<Int32>
    /// Side effects, made on the first `runSideEffect`.
    @usableFromInline var sideEffects: SideEffectTable?
    /// Head of the list of live sink registrations (one per action type).
    @usableFromInline var sinks: SinkRegistration?
    @usableFromInline var parent: Int32
    /// Index of the slot in the typed store.
    @usableFromInline var slot: Int32
    /// Index in the parent's `children`: where the next pass looks first.
    @usableFromInline var position: Int32
    /// Bumped when the node ends, so that old handles go stale.
    @usableFromInline var generation: UInt32
    /// The parent's pass that last asked for this node: finds duplicates
    /// (R8) and, after the pass, the children to end (R9).
    @usableFromInline var seenInPass: UInt32
    /// Non-zero while the node's `render` runs: the pass that its context,
    /// sinks and side effects belong to (R5).
    @usableFromInline var renderingPass: UInt32
    /// The node's hash in the parent's child index (kept to remove it
    /// without hashing the key again; fits in the record's padding).
    @usableFromInline var indexHash: UInt32
    /// The node or a descendant changed since the node last rendered (S1).
    @usableFromInline var needsRender: Bool

    @usableFromInline
    init(
        store: Unmanaged<AnyNodeStore>?, key: String, children: ContiguousArray<Int32>,
        sideEffects: SideEffectTable?, sinks: SinkRegistration?, parent: Int32, slot: Int32, position: Int32,
        generation: UInt32, seenInPass: UInt32, renderingPass: UInt32, needsRender: Bool
    ) {
        self.store = store
        self.key = key
        self.children = children
        self.sideEffects = sideEffects
        self.sinks = sinks
        self.parent = parent
        self.slot = slot
        self.position = position
        self.generation = generation
        self.seenInPass = seenInPass
        self.renderingPass = renderingPass
        self.needsRender = needsRender
        self.indexHash = 0
    }

    @inlinable
    static var free: NodeRecord {
        NodeRecord(
            store: nil, key: "", children: [],
            sideEffects: nil, sinks: nil, parent: -1, slot: -1, position: -1,
            generation: 0, seenInPass: 0, renderingPass: 0, needsRender: false
        )
    }
}

extension NodeRecord {
    /// The node's concrete workflow type, as an identity.
    @inlinable
    var typeID: ObjectIdentifier {
        store!._withUnsafeGuaranteedRef { $0.typeID }
    }
}
