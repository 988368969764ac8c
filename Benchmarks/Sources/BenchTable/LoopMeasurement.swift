import Dispatch
import JemallocStats
import Workloads

/// Figures of one variant of one case from a plain loop in this process:
/// time, and jemalloc's allocation requests and bytes around the runs.
struct LoopFigures {
    var nsPerOp: Double
    var mallocsPerOp: Double
    var bytesPerOp: Double
    var runs: Int
    var failure: String?
}

/// Runs the operation in batches (or one prepared run at a time), reading
/// jemalloc's counters just outside the timed span, until `budget` seconds
/// have passed and at least `minRuns` were made. Runs on the main queue.
func measureLoop(_ workloadCase: WorkloadCase, _ variant: Variant, budget: Double, minRuns: Int) -> LoopFigures {
    onMainQueue {
        let operation = workloadCase.makeOperation(variant)
        let batch = operation.needsPreparation ? 1 : workloadCase.runsPerSample(variant)
        func runBatch() {
            if operation.needsPreparation { operation.prepare() }
            for _ in 0..<batch { operation.run() }
        }
        // Warm up: caches, lazily created storage, scratch capacities.
        runBatch()

        var nanoseconds: UInt64 = 0
        var bytes: UInt64 = 0
        var requests: UInt64 = 0
        var runs = 0
        let start = DispatchTime.now().uptimeNanoseconds
        let deadline = start + UInt64(budget * 1e9)
        while runs < minRuns || DispatchTime.now().uptimeNanoseconds < deadline {
            if operation.needsPreparation { operation.prepare() }
            let requestsBefore = Jemalloc.snapshot().requests
            let bytesBefore = Jemalloc.threadAllocated
            let timeBefore = DispatchTime.now().uptimeNanoseconds
            for _ in 0..<batch { operation.run() }
            let timeAfter = DispatchTime.now().uptimeNanoseconds
            let bytesAfter = Jemalloc.threadAllocated
            let requestsAfter = Jemalloc.snapshot().requests
            nanoseconds += timeAfter - timeBefore
            bytes += bytesAfter - bytesBefore
            requests += requestsAfter &- requestsBefore
            runs += batch
        }
        let count = Double(runs)
        return LoopFigures(
            nsPerOp: Double(nanoseconds) / count,
            mallocsPerOp: Double(requests) / count,
            bytesPerOp: Double(bytes) / count,
            runs: runs,
            failure: operation.check()
        )
    }
}
