/// Spare render contexts of ended hosts, one batch per workflow type, so the
/// next host of the type makes no context per nested render: without them,
/// W2's first render of a 1,000-deep chain of one type costs 27% more
/// instructions and 1,048 allocations instead of 38. A batch is a pool's
/// storage, type erased, handed over whole, of invalid contexts nothing else
/// references (R5). Main queue only (R22: hosts are made and released
/// there); a pool elsewhere (the testable seam's node off the main queue)
/// neither takes nor gives. At most `maximumCount` contexts per type.
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

    /// Unchecked: a static's dynamic check is a call per access, and only
    /// the main queue gets here.
    @exclusivity(unchecked) nonisolated(unsafe) static var batches: [ObjectIdentifier: Batch] = [:]

    /// The batch kept for `type`, which the caller now owns.
    static func take(for type: ObjectIdentifier) -> Batch? {
        guard MainQueue.isOnMainQueue, !batches.isEmpty else { return nil }
        return batches.removeValue(forKey: type)
    }

    /// Keeps an ended pool's batch for the next host of `type`; of two, the
    /// larger stays (a host needs as many contexts as its renders nest).
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
