/// Typed storage for every node of one workflow type: workflow values, states
/// and last renderings unboxed, in one contiguous array of slots. One store
/// per type per runtime, made when the first node of the type starts; it also
/// holds the per-type facts the runtime needs on the hot path.
@usableFromInline @MainActor
class AnyNodeStore {
    let workflowType: Any.Type
    @usableFromInline let typeID: ObjectIdentifier
    /// The workflow type's number in the runtime (`NodeRecord.typeIndex`).
    @usableFromInline let typeIndex: TypeIndex
    /// The render contexts of this type's renders, reused (R5). Here, not
    /// in the typed store: the store's end then looks up no metadata for it.
    /// Unchecked: taken from and given back per render, by the pool's short
    /// accesses, which run no user code.
    @exclusivity(unchecked) @usableFromInline var contexts: RenderContextPool

    @usableFromInline
    init(workflowType: Any.Type, typeIndex: TypeIndex) {
        self.workflowType = workflowType
        self.typeID = ObjectIdentifier(workflowType)
        self.typeIndex = typeIndex
        self.contexts = RenderContextPool(workflowType: ObjectIdentifier(workflowType))
    }

    /// The two releasers and whether they were made again.
    @usableFromInline
    struct Releasers {
        /// Frees a slot (of the store passed in, this one), releasing its
        /// values. A closure made where the type is known
        /// (`NodeStore.makeReleasers`), so that it runs specialised: a
        /// virtual method of the generic store would run unspecialised and
        /// pay metadata look-ups for every node that ends.
        @usableFromInline var slot: (AnyNodeStore, StoreSlot) -> Void = { _, _ in }
        /// Destroys every live slot, when the runtime ends; made the same way.
        @usableFromInline var all: (AnyNodeStore) -> Void = { _ in }
        /// Whether the two were made again when the store first grew
        /// (`NodeStore.makeReleasers`).
        @usableFromInline var remade = false
    }
    /// Unchecked: read per node that ends, by the runtime's short accesses;
    /// a releaser is read out before it runs.
    @exclusivity(unchecked) @usableFromInline var releasers = Releasers()

    /// Frees a slot of the store passed in (this one).
    @inlinable
    var releaseSlot: (AnyNodeStore, StoreSlot) -> Void {
        get { releasers.slot }
        set { releasers.slot = newValue }
    }
    /// Destroys every live slot of the store passed in (this one).
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

    /// Gives back the free slots above the highest live one, when most
    /// slots are free (`NodeStore.trimFreeTail`). Virtual, so unspecialised:
    /// it destroys no value, so it needs no witness of the workflow type.
    func trimFreeTail(keeping minimum: Int) { fatalError("abstract") }

    /// How many slots the store has and which of them are free, for the
    /// invariant walk.
    func slotCounts() -> (count: Int, free: Set<Int32>) { fatalError("abstract") }

    /// The slot's state, boxed, for debug snapshots.
    func state(at slot: StoreSlot) -> Any { fatalError("abstract") }
}
