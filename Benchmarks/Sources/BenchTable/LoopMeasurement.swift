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

/// Runs the operation in batches (or one prepared run at a time) until
/// `budget` seconds have passed and at least `minRuns` were made, timing the
/// runs and reading the thread's allocated bytes around them. Then counts
/// allocation requests over a few more batches: that read flushes the thread
/// cache, which would disturb the timing. Runs on the main queue.
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
        var runs = 0
        let deadline = DispatchTime.now().uptimeNanoseconds + UInt64(budget * 1e9)
        while runs < minRuns || DispatchTime.now().uptimeNanoseconds < deadline {
            if operation.needsPreparation { operation.prepare() }
            let bytesBefore = Jemalloc.threadAllocated
            let timeBefore = DispatchTime.now().uptimeNanoseconds
            for _ in 0..<batch { operation.run() }
            let timeAfter = DispatchTime.now().uptimeNanoseconds
            bytes += Jemalloc.threadAllocated - bytesBefore
            nanoseconds += timeAfter - timeBefore
            runs += batch
        }

        var requests: UInt64 = 0
        var countedRuns = 0
        for _ in 0..<min(3, max(1, runs / batch)) {
            if operation.needsPreparation { operation.prepare() }
            let before = Jemalloc.requestsSoFar()
            for _ in 0..<batch { operation.run() }
            requests += Jemalloc.requestsSoFar() &- before
            countedRuns += batch
        }
        return LoopFigures(
            nsPerOp: Double(nanoseconds) / Double(runs),
            mallocsPerOp: Double(requests) / Double(countedRuns),
            bytesPerOp: Double(bytes) / Double(runs),
            runs: runs,
            failure: operation.check()
        )
    }
}
