import Foundation
import JemallocStats
import Workloads

// bench-table: measures every workload case in a plain loop with jemalloc's
// counters, merges ordo-one's figures (its influx export), evaluates the
// workload targets, prints the table and writes results/bench.json.
//
//   bench-table [--ordo DIR] [--ordo-log FILE] [--out results/bench.json] [--smoke] [--budget SECONDS]
//               [--check-baseline FILE] [--write-baseline FILE]
//   bench-table --memory-probe fast|reference|vanilla   (internal: one W6 build)
//   bench-table --missing DIR   (the benchmark names absent from ordo-one's export in DIR)

struct Options {
    var ordoPath: String?
    var ordoLog: String?
    var outPath = "results/bench.json"
    var smoke = false
    var budget = 0.25
    var checkBaseline: String?
    var writeBaseline: String?

    init(_ arguments: [String]) {
        var rest = arguments.dropFirst()
        var budgetGiven = false
        while let argument = rest.popFirst() {
            switch argument {
            case "--ordo": ordoPath = rest.popFirst()
            case "--ordo-log": ordoLog = rest.popFirst()
            case "--out": outPath = rest.popFirst() ?? outPath
            case "--smoke": smoke = true
            case "--check-baseline": checkBaseline = rest.popFirst()
            case "--write-baseline": writeBaseline = rest.popFirst()
            case "--budget":
                budget = rest.popFirst().flatMap(Double.init) ?? budget
                budgetGiven = true
            case "--missing":
                guard let directory = rest.popFirst() else { fatalError("--missing needs a directory") }
                Options.printMissing(directory)
            case "--memory-probe":
                guard let name = rest.popFirst(), let variant = Variant(rawValue: name) else {
                    fatalError("--memory-probe needs fast, reference or vanilla")
                }
                MemoryProbe.runProbe(variant)
            default:
                FileHandle.standardError.write(Data("bench-table: unknown argument \(argument)\n".utf8))
                exit(2)
            }
        }
        if smoke && !budgetGiven { budget = 0.01 }
    }

    /// For run-ordo.sh: every benchmark name the catalog registers that
    /// ordo-one's export in `directory` lacks, one per line.
    static func printMissing(_ directory: String) -> Never {
        let present = (try? OrdoResults(directory: directory))?.byName ?? [:]
        let names = (try? onMainQueue { try Catalog.all() })?.flatMap(\.benchmarkNames) ?? []
        for name in names where present[name]?.wallClockNs == nil { print(name) }
        exit(0)
    }
}

let options = Options(CommandLine.arguments)
guard Jemalloc.isActive else {
    fatalError("jemalloc is not the allocator of this process: bytes per op cannot be read")
}

var ordo = OrdoResults()
if let path = options.ordoPath {
    do {
        ordo = try OrdoResults(directory: path)
    } catch {
        fatalError("cannot read ordo-one's results at \(path): \(error)")
    }
}
if let path = options.ordoLog {
    do {
        try ordo.readFailures(log: path)
    } catch {
        fatalError("cannot read ordo-one's log at \(path): \(error)")
    }
}

let cases: [WorkloadCase]
do {
    cases = try onMainQueue { try Catalog.all() }
} catch {
    fatalError("cannot build the workload catalog: \(error)")
}

var passed = 0
var failed = 0
var rows: [Row] = []
for workloadCase in cases {
    var row = Row(workload: workloadCase.workload, id: workloadCase.id, operation: workloadCase.operation,
                  nodes: workloadCase.nodes, note: workloadCase.note, failures: [])
    for variant in workloadCase.variants {
        let loop = measureLoop(workloadCase, variant, budget: options.budget, minRuns: options.smoke ? 1 : 3)
        let runs = Double(workloadCase.runsPerSample(variant))
        let ordoFigures = ordo.byName["\(workloadCase.id) \(variant.rawValue)"]
        // One test per case and variant: its result check passed here, and
        // ordo-one (which checks it too) reported it, when it was run.
        let name = "\(workloadCase.id) \(variant.rawValue)"
        if let failure = loop.failure ?? ordo.failures[name] {
            row.failures.append("\(name): \(failure)")
            failed += 1
        } else if options.ordoPath != nil && ordoFigures?.wallClockNs == nil && !workloadCase.runsMainRunLoop {
            row.failures.append("\(workloadCase.id) \(variant.rawValue): missing from ordo-one's results")
            failed += 1
        } else {
            passed += 1
        }
        let ordoMallocs = ordoFigures?.mallocs.map { $0 / runs }
        let ordoTime = ordoFigures?.wallClockNs.map { $0 / runs }
        let figures = VariantFigures(
            nsPerOp: ordoTime ?? loop.nsPerOp,
            mallocsPerOp: ordoMallocs ?? loop.mallocsPerOp,
            bytesPerOp: loop.bytesPerOp,
            loopNsPerOp: loop.nsPerOp,
            jemallocMallocsPerOp: loop.mallocsPerOp,
            ordoMallocsPerOp: ordoMallocs,
            loopRuns: loop.runs,
            timeSource: ordoTime == nil ? "loop" : "ordo-one"
        )
        switch variant {
        case .runtime(.fast): row.fast = figures
        case .runtime(.reference): row.reference = figures
        case .runtime(.fastNoSkipping): preconditionFailure("the benchmarks do not run fastNoSkipping")
        case .vanilla: row.vanilla = figures
        }
    }
    if let fast = row.fast {
        row.referenceOverFast = row.reference.map { $0.nsPerOp / fast.nsPerOp }
        row.fastOverVanilla = row.vanilla.map { fast.nsPerOp / $0.nsPerOp }
    }
    Targets.evaluate(&row)
    rows.append(row)
}

// W7: the scaling curve, and its target on the largest tree's row.
let scalingRows = rows.filter { $0.workload == "W7" }.sorted { $0.nodes < $1.nodes }
let scaling = scalingRows.map {
    ScalingPoint(nodes: $0.nodes, fastNsPerOp: $0.fast?.nsPerOp, referenceNsPerOp: $0.reference?.nsPerOp,
                 vanillaNsPerOp: $0.vanilla?.nsPerOp)
}
if let first = scaling.first?.fastNsPerOp, let last = scalingRows.last, let lastTime = last.fast?.nsPerOp,
   let index = rows.firstIndex(where: { $0.id == last.id }) {
    let growth = lastTime / first
    rows[index].target = "<=\(format(Targets.scalingLimit))x the cost at \(scalingRows[0].nodes) nodes"
    rows[index].met = growth <= Targets.scalingLimit && rows[index].failures.isEmpty
    if growth > Targets.scalingLimit {
        rows[index].missed = "\(last.nodes)/\(scalingRows[0].nodes) nodes cost ratio \(format(growth))x"
    }
}

// W9, W10: the cost per queued send / per observer across sizes.
Targets.evaluateLinearGrowth(
    &rows, elementsPerOp: Dictionary(uniqueKeysWithValues: cases.compactMap { c in c.elementsPerOp.map { (c.id, $0) } })
)

// W6: one fresh process per variant.
var memory: Memory?
let probes = Variant.allCases.map { ($0, MemoryProbe.measure($0)) }
for (variant, probe) in probes {
    if let failure = probe.failure {
        failed += 1
        rows.append(Row(workload: "W6", id: "W6", operation: "memory", nodes: probe.nodes,
                        failures: ["W6 \(variant.rawValue): \(failure)"]))
    } else {
        passed += 1
    }
}
if probes.allSatisfy({ $0.1.failure == nil }) {
    func perNode(_ variant: Variant, _ value: (MemoryProbe.Figures) -> Int) -> Double {
        let probe = probes.first { $0.0 == variant }!.1
        return Double(value(probe)) / Double(probe.nodes)
    }
    let fastBytes = perNode(.fast) { $0.allocatedBytes }
    memory = Memory(
        nodes: probes[0].1.nodes,
        fastBytesPerNode: fastBytes,
        referenceBytesPerNode: perNode(.reference) { $0.allocatedBytes },
        vanillaBytesPerNode: perNode(.vanilla) { $0.allocatedBytes },
        fastResidentBytesPerNode: perNode(.fast) { $0.residentBytes },
        referenceResidentBytesPerNode: perNode(.reference) { $0.residentBytes },
        vanillaResidentBytesPerNode: perNode(.vanilla) { $0.residentBytes },
        target: "<=\(format(Targets.bytesPerNodeLimit)) bytes/node",
        met: fastBytes <= Targets.bytesPerNodeLimit
    )
}

let results = BenchResults(
    date: ISO8601DateFormatter().string(from: Date()),
    machine: Environment.machine(),
    toolchain: Environment.toolchain(),
    smoke: options.smoke,
    rows: rows,
    scaling: scaling,
    memory: memory
)

TablePrinter.print(results)
do {
    try Environment.write(results, to: options.outPath)
    print("wrote \(options.outPath)")
} catch {
    print("cannot write \(options.outPath): \(error)")
    failed += 1
}
if let path = options.writeBaseline {
    do {
        try AllocationBaseline.write(rows, to: path)
        print("wrote the allocation baseline \(path)")
    } catch {
        print("cannot write \(path): \(error)")
        failed += 1
    }
}
if let path = options.checkBaseline {
    do {
        let regressions = try AllocationBaseline.regressions(rows, against: path)
        for regression in regressions { print("bench-check: REGRESSION \(regression)") }
        print("bench-check: \(regressions.isEmpty ? "no allocation regression" : "\(regressions.count) allocation regressions") against \(path)")
        if !regressions.isEmpty { failed += 1 }
    } catch {
        print("bench-check: cannot read \(path): \(error)")
        failed += 1
    }
}
if options.smoke && options.checkBaseline == nil {
    print("bench-smoke: \(passed) passed, \(failed) failed")
}
exit(failed == 0 ? 0 : 1)
