/// What a `NodeStore` holds. Invariants: slots (and routes, if any)
/// `0..<count` are initialised except those in `freeSlots`; others are not.
@usableFromInline
struct NodeStoreContents<W: Workflow>: ~Copyable {
    @usableFromInline var slots = SegmentedBuffer<NodeSlot<W>>(initialCapacity: 4)
    @usableFromInline var routes: SegmentedBuffer<OutputRoute<W.Output>>?
    @usableFromInline var count = 0
    @usableFromInline var freeSlots = RawStack<StoreSlot>(capacity: 4)
    /// Slots released since the last trim: a trim looks at every slot, so
    /// it waits until half of them were released.
    @usableFromInline var releasedSinceTrim = 0

    @usableFromInline
    init() {}
}
