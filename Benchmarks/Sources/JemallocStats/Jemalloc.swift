import CJemalloc

/// jemalloc's counters, read through mallctl. Linking this module links
/// jemalloc, which then serves every malloc of the process.
public enum Jemalloc {
    /// Whether jemalloc answers mallctl (false would mean another malloc won).
    public static var isActive: Bool { fw_je_available() }

    /// Bytes allocated by the calling thread since it started (exact).
    public static var threadAllocated: UInt64 { fw_je_thread_allocated() }

    /// Bytes freed by the calling thread since it started (exact).
    public static var threadDeallocated: UInt64 { fw_je_thread_deallocated() }

    /// Process-wide figures, refreshed first: bytes in live allocations,
    /// bytes in resident pages, and allocation requests served so far.
    public static func snapshot() -> Snapshot {
        fw_je_refresh()
        return Snapshot(
            allocated: Int(fw_je_stats_allocated()),
            resident: Int(fw_je_stats_resident()),
            requests: fw_je_requests()
        )
    }

    public struct Snapshot {
        public var allocated: Int
        public var resident: Int
        public var requests: UInt64
    }

    /// Writes a heap profile to `path` (needs `MALLOC_CONF=prof:true`);
    /// returns whether jemalloc wrote it.
    @discardableResult
    public static func dumpHeapProfile(to path: String) -> Bool {
        path.withCString { fw_je_prof_dump($0) == 0 }
    }
}
