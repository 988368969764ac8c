/// The spare render contexts of hosts that ended, one batch per workflow type,
/// so that the next host of the type renders with them instead of making a
/// context object per nested render: a screen that appears again (a chain
/// of one type nests as deep as it is long) makes none.
///
/// A batch holds only contexts that nothing else references, all invalid
/// (R5): a context a user kept left its pool when its render returned and
/// never gets here. A batch is a pool's own storage (`RenderContextPool`'s
/// layout, its type erased), handed over whole: giving back and taking are
/// one table look-up each, once per workflow type and host.
///
/// Only the main queue touches the table (R22: hosts are made and released
/// there); a pool that starts or ends elsewhere (the testable seam's node,
/// in a test off the main queue) neither takes nor gives.
///
/// Memory: per workflow type, the deepest nesting of its renders in one
/// host, at most `maximumCount` contexts; a larger batch is released.
///
/// A cache that outlives hosts, kept because it pays where one host per
/// screen nests a workflow type in itself (a thread of comments, a tree of
/// folders): without it, W2's first render of a 1,000-deep chain of one type
/// costs 27% more instructions and 1,048 allocations instead of 38.
enum RenderContextSpares {
    /// A pool's storage: `first` is context 0, `more` holds contexts 1 and
    /// above, each an object pointer carrying one retain.
    struct Batch {
        var first: UnsafeMutableRawPointer
        var more: UnsafeMutableRawPointer?
        var moreCapacity: Int
        var count: Int

        init(first: UnsafeMutableRawPointer, more: UnsafeMutableRawPointer?, moreCapacity: Int, count: Int) {
            self.first = first
            self.more = more
            self.moreCapacity = moreCapacity
            self.count = count
        }

        /// Releases the contexts and frees the buffer of a batch nobody will
        /// take. A context's deinit runs no user code (no backend, no key).
        func release() {
            Unmanaged<AnyObject>.fromOpaque(first).release()
            guard let more else { return }
            let contexts = more.assumingMemoryBound(to: UnsafeMutableRawPointer.self)
            for k in 0..<(count - 1) {
                Unmanaged<AnyObject>.fromOpaque(contexts[k]).release()
            }
            more.deallocate()
        }
    }

    /// The most contexts kept for one workflow type.
    static var maximumCount: Int { 4096 }

    /// The batches by workflow type. Main queue only (see above).
    /// Unchecked: a static variable's dynamic check is a call per access,
    /// and only the main queue gets here.
    @exclusivity(unchecked) nonisolated(unsafe) static var batches: [ObjectIdentifier: Batch] = [:]

    /// The batch kept for `type`, which the caller now owns.
    static func take(for type: ObjectIdentifier) -> Batch? {
        guard MainQueue.isOnMainQueue, !batches.isEmpty else { return nil }
        return batches.removeValue(forKey: type)
    }

    /// Keeps the batch of an ended pool for the next host of `type`. Of two
    /// batches for one type (hosts of it that ended while another ran) the
    /// larger stays: a host needs as many contexts as its renders nest.
    static func keep(_ batch: Batch, for type: ObjectIdentifier) {
        guard batch.count <= maximumCount, MainQueue.isOnMainQueue else {
            batch.release()
            return
        }
        if let kept = batches[type] {
            if kept.count >= batch.count {
                batch.release()
                return
            }
            kept.release()
        }
        batches[type] = batch
    }

    /// How many spare contexts wait for the next host of `type`.
    static func count(for type: Any.Type) -> Int {
        guard let batch = batches[ObjectIdentifier(type)] else { return 0 }
        return batch.count
    }

    /// Releases the spares kept for `type`.
    static func discard(for type: Any.Type) {
        batches.removeValue(forKey: ObjectIdentifier(type))?.release()
    }
}
