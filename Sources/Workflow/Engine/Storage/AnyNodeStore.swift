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
    @exclusivity(unchecked) @usableFromInline var contexts: RenderContextPool

    @usableFromInline
    init(workflowType: Any.Type, typeIndex: TypeIndex) {
        self.workflowType = workflowType
        self.typeID = ObjectIdentifier(workflowType)
        self.typeIndex = typeIndex
        self.contexts = RenderContextPool(workflowType: ObjectIdentifier(workflowType))
    }

    /// Frees a slot (of the store passed in, this one), releasing its
    /// values. A closure made where the type is known
    /// (`NodeStore.makeReleasers`), so that it runs specialised: a virtual
    /// method of the generic store would run unspecialised and pay metadata
    /// look-ups for every node that ends.
    @exclusivity(unchecked) @usableFromInline var releaseSlot: (AnyNodeStore, StoreSlot) -> Void = { _, _ in }
    /// Destroys every live slot, when the runtime ends; made the same way.
    @exclusivity(unchecked) @usableFromInline var releaseAllSlots: (AnyNodeStore) -> Void = { _ in }
    /// Whether the two closures above were made again when the store first
    /// grew (`NodeStore.makeReleasers`).
    @exclusivity(unchecked) @usableFromInline var hasRemadeReleasers = false

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
