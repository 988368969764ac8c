import Benchmark
import Foundation
import JemallocStats
import Workloads

// Every workload case of the catalog, once per variant: "<case id> <variant>".
// Metrics are wallClock and mallocCountTotal only: any OS metric adds
// ordo-one's own mallocs to the samples (the interposer counts them too).
// Each sample measures `opsPerSample` runs (or one prepared run); BenchTable
// divides by that number, which it reads from the same catalog.

let benchmarks: @Sendable () -> Void = {
    let cases: [WorkloadCase]
    do {
        cases = try onMainQueue { try Catalog.all() }
    } catch {
        fatalError("cannot build the workload catalog: \(error)")
    }
    let smoke = ProcessInfo.processInfo.environment["BENCH_SMOKE"] != nil
    precondition(Jemalloc.isActive, "jemalloc is not the allocator of this process")

    // An op that runs the main run loop cannot run in a main-queue block.
    for workloadCase in cases where !workloadCase.runsMainRunLoop {
        for variant in workloadCase.variants {
            register(workloadCase, variant, smoke: smoke)
        }
    }
}

/// The prepared operation of the benchmark being run (one at a time).
private final class Slot: @unchecked Sendable {
    var operation: WorkloadOperation?
}

private func register(_ workloadCase: WorkloadCase, _ variant: Variant, smoke: Bool) {
    let slot = Slot()
    let samples = smoke ? 3 : (workloadCase.maxSamples[variant] ?? 10_000)
    let opsPerSample = workloadCase.runsPerSample(variant)
    Benchmark(
        "\(workloadCase.id) \(variant.rawValue)",
        configuration: .init(
            metrics: [.wallClock, .mallocCountTotal],
            timeUnits: .nanoseconds,
            warmupIterations: smoke ? 1 : 3,
            scalingFactor: .one,
            maxDuration: smoke ? .milliseconds(200) : .seconds(1),
            maxIterations: samples
        )
    ) { benchmark in
        onMainQueue {
            guard let operation = slot.operation else { return }
            if operation.needsPreparation {
                operation.prepare()
                benchmark.startMeasurement()
                operation.run()
                benchmark.stopMeasurement()
            } else {
                benchmark.startMeasurement()
                for _ in 0..<opsPerSample { operation.run() }
                benchmark.stopMeasurement()
            }
            if let failure = operation.check() {
                benchmark.error("\(workloadCase.id) \(variant.rawValue): wrong result: \(failure)")
            }
        }
    } setup: {
        onMainQueue { slot.operation = workloadCase.makeOperation(variant) }
    } teardown: {
        onMainQueue { slot.operation = nil }
    }
}
