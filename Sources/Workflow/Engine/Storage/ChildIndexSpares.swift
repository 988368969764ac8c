/// The table of an ended runtime's child index, emptied, kept for the next
/// runtime: a screen that appears again, or a host made after one ended,
/// indexes its children without growing a table from its first 16 entries
/// (for a thousand children, four rehashes and four allocations).
///
/// Only the main queue touches the spare (R22: hosts are made and released
/// there); an index that starts or ends elsewhere (the testable seam's node,
/// in a test off the main queue) neither takes nor gives.
///
/// Memory: one table of at most `maximumCapacity` entries; the larger of two
/// stays.
@usableFromInline
enum ChildIndexSpares {
    /// The most entries kept (8 bytes each).
    static var maximumCapacity: Int { 1 << 14 }

    /// The spare table and its capacity. Main queue only (see above).
    /// Unchecked: a static variable's dynamic check is a call per access,
    /// and no access calls out while it lasts.
    @exclusivity(unchecked) nonisolated(unsafe)
    static var spare: (entries: UnsafeMutablePointer<ChildIndex.Entry>, capacity: Int)?

    /// The spare table, every entry empty, which the caller now owns; nil
    /// when there is none.
    static func take() -> (entries: UnsafeMutablePointer<ChildIndex.Entry>, capacity: Int)? {
        guard MainQueue.isOnMainQueue, let kept = spare else { return nil }
        spare = nil
        return kept
    }

    /// Keeps an ended index's table, emptied, when it is not too large and
    /// no larger one waits; else frees it.
    @usableFromInline
    static func keep(_ entries: UnsafeMutablePointer<ChildIndex.Entry>, capacity: Int) {
        guard MainQueue.isOnMainQueue, capacity <= maximumCapacity, (spare?.capacity ?? 0) < capacity else {
            entries.deallocate()
            return
        }
        spare?.entries.deallocate()
        // Written as a loop the compiler vectorises: a memset of the table
        // runs as one string instruction per byte, which costs more.
        entries.update(repeating: ChildIndex.Entry(node: .none, hash: 0), count: capacity)
        spare = (entries, capacity)
    }

    /// Frees the spare table.
    static func discard() {
        spare?.entries.deallocate()
        spare = nil
    }
}
