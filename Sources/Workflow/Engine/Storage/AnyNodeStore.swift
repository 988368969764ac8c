/// Typed storage for every node of one workflow type, and the per-type facts
/// the hot path needs; one per type per runtime.
@usableFromInline @MainActor
class AnyNodeStore {
    let workflowType: Any.Type
    @usableFromInline let typeID: ObjectIdentifier
    /// The workflow type's number in the runtime (`NodeRecord.typeIndex`).
    @usableFromInline let typeIndex: TypeIndex
    /// Reused render contexts (R5); here, so the store's end looks up no
    /// metadata. Unchecked: the pool's short accesses run no user code.
    @exclusivity(unchecked) @usableFromInline var contexts: RenderContextPool

    @usableFromInline
    init(workflowType: Any.Type, typeIndex: TypeIndex) {
        self.workflowType = workflowType
        self.typeID = ObjectIdentifier(workflowType)
        self.typeIndex = typeIndex
        self.contexts = RenderContextPool(workflowType: ObjectIdentifier(workflowType))
    }

    /// Made where the type is known (`NodeStore.makeReleasers`): a virtual
    /// method of the generic store would pay metadata look-ups per node end.
    @usableFromInline
    struct Releasers {
        @usableFromInline var slot: (AnyNodeStore, StoreSlot) -> Void = { _, _ in }
        @usableFromInline var all: (AnyNodeStore) -> Void = { _ in }
        @usableFromInline var remade = false
    }
    /// Unchecked: short reads; a releaser is read out before it runs.
    @exclusivity(unchecked) @usableFromInline var releasers = Releasers()

    /// Frees a slot of the store passed in (this one), releasing its values.
    @inlinable
    var releaseSlot: (AnyNodeStore, StoreSlot) -> Void {
        get { releasers.slot }
        set { releasers.slot = newValue }
    }
    /// Destroys every live slot of the store passed in, when the runtime ends.
    @inlinable
    var releaseAllSlots: (AnyNodeStore) -> Void {
        get { releasers.all }
        set { releasers.all = newValue }
    }
    /// Whether the releasers were made again when the store first grew.
    @inlinable
    var hasRemadeReleasers: Bool {
        get { releasers.remade }
        set { releasers.remade = newValue }
    }

    /// Virtual, so unspecialised: it destroys nothing, so needs no witness.
    func trimFreeTail(keeping minimum: Int) { fatalError("abstract") }

    /// The slot count and the free slots, for the invariant walk.
    func slotCounts() -> (count: Int, free: Set<Int32>) { fatalError("abstract") }

    /// The slot's state, boxed, for debug snapshots.
    func state(at slot: StoreSlot) -> Any { fatalError("abstract") }
}
