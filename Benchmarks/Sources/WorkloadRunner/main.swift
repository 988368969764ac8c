import Foundation
import JemallocStats
@_spi(WorkflowRuntimeConfig) import Workflow
@_spi(WorkflowRuntimeConfig) import WorkflowDiagnostics
import Workloads

// workload-runner: runs the main operation of one workload profile N times,
// for `make profile` (callgrind, perf, jemalloc heap profiles) and
// `make bench-instructions` (callgrind, one case and variant per process).
//
//   workload-runner <profile-name> [--variant fast|reference|vanilla] [--ops N]
//                   [--case ID] [--warmup N] [--heap-dump FILE]
//                   [--trace FILE.json | --record-trace]
//   workload-runner --case ID [...]   (the profile is the case's own)
//   workload-runner --list            (one line per case: id, profile, variants, operation)
//
// The profile's main operation is the first catalog case built from it
// (e.g. w3-leaf-update -> W3); --case picks another one (e.g. W1c).
// w6-memory has no operation: its tree is built once (--ops is ignored),
// the heap dumped while it is alive, and its live bytes per node printed.
// The tree is built first, then --warmup ops run (default 0), then the N
// measured ops, each `run()` inside `instructionCountedRun` so that callgrind
// can collect exactly those (--toggle-collect); `prepare()` stays outside.
// --heap-dump writes a jemalloc heap profile after the runs (needs
// MALLOC_CONF=prof:true). The result is checked at the end.
//
// --trace FILE.json (`make trace`) records a render trace (rule D1) of every
// case of the profile (only --case's, when given), tree building included,
// and writes it as Chrome trace-event JSON to FILE.json, as Perfetto's
// protobuf to FILE.pftrace and its summary to FILE.txt. --record-trace
// records one without writing it: the cost of recording, measured as any run
// (callgrind counts only the ops).

func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data("workload-runner: \(message)\n".utf8))
    exit(2)
}

let usage = "usage: workload-runner <profile-name> [--variant fast|reference|vanilla] [--ops N] [--case ID] [--warmup N] [--heap-dump FILE] [--trace FILE.json | --record-trace] | --case ID [...] | --list"
var arguments = CommandLine.arguments.dropFirst()
var profileName: String?
if let first = arguments.first, !first.hasPrefix("-") {
    profileName = arguments.popFirst()
}
var variant = Variant.fast
var ops = 1_000
var warmup = 0
var caseID: String?
var heapDump: String?
var list = false
var traceFile: String?
var recordsTrace = false
while let argument = arguments.popFirst() {
    switch argument {
    case "--variant":
        guard let value = arguments.popFirst().flatMap(Variant.init(rawValue:)) else { fail("--variant needs fast, reference or vanilla") }
        variant = value
    case "--ops":
        guard let value = arguments.popFirst().flatMap(Int.init), value >= 0 else { fail("--ops needs a count") }
        ops = value
    case "--warmup":
        guard let value = arguments.popFirst().flatMap(Int.init), value >= 0 else { fail("--warmup needs a count") }
        warmup = value
    case "--case": caseID = arguments.popFirst()
    case "--heap-dump": heapDump = arguments.popFirst()
    case "--list": list = true
    case "--trace":
        guard let value = arguments.popFirst(), value.hasSuffix(".json") else { fail("--trace needs a FILE.json") }
        traceFile = value
        recordsTrace = true
    case "--record-trace": recordsTrace = true
    default: fail("unknown argument \(argument)")
    }
}
if profileName == nil && caseID == nil && !list { fail(usage) }

/// Runs one measured op. Never inlined, and named distinctively, so that
/// `valgrind --tool=callgrind --collect-atstart=no
/// --toggle-collect='*instructionCountedRun*'` counts exactly the ops' own
/// instructions: no start-up, tree building, warm-up or preparation.
@inline(never)
func instructionCountedRun(_ operation: WorkloadOperation) {
    operation.run()
}

/// W6: build the tree, dump the heap while it lives, print bytes per node.
func runMemoryProfile() -> Int32 {
    do {
        let shape = try MemoryWorkload.shape()
        let before = Jemalloc.snapshot()
        let built = MemoryWorkload.build(variant, shape: shape)
        let after = Jemalloc.snapshot()
        if let heapDump, !Jemalloc.dumpHeapProfile(to: heapDump) {
            FileHandle.standardError.write(Data("workload-runner: jemalloc did not write \(heapDump) (is MALLOC_CONF=prof:true set?)\n".utf8))
        }
        withExtendedLifetime(built.tree) {}
        if let failure = built.failure {
            FileHandle.standardError.write(Data("workload-runner: W6 \(variant.rawValue): wrong result: \(failure)\n".utf8))
            return 1
        }
        let perNode = Double(after.allocated - before.allocated) / Double(shape.nodeCount)
        print("W6 \(variant.rawValue): \(shape.nodeCount) nodes, \(perNode) live bytes per node")
        return 0
    } catch {
        fail("\(error)")
    }
}

/// Builds the case's operation, runs the warm-up and the measured ops, and
/// checks the result.
func runOps(_ workloadCase: WorkloadCase) -> Int32 {
    let operation = workloadCase.makeOperation(variant)
    for _ in 0..<warmup {
        if operation.needsPreparation { operation.prepare() }
        operation.run()
    }
    let start = DispatchTime.now().uptimeNanoseconds
    for _ in 0..<ops {
        if operation.needsPreparation { operation.prepare() }
        instructionCountedRun(operation)
    }
    let elapsed = DispatchTime.now().uptimeNanoseconds - start
    if let heapDump, !Jemalloc.dumpHeapProfile(to: heapDump) {
        FileHandle.standardError.write(Data("workload-runner: jemalloc did not write \(heapDump) (is MALLOC_CONF=prof:true set?)\n".utf8))
    }
    if let failure = operation.check() {
        FileHandle.standardError.write(Data("workload-runner: \(workloadCase.id) \(variant.rawValue): wrong result: \(failure)\n".utf8))
        return 1
    }
    print("\(workloadCase.id) \(variant.rawValue): \(ops) ops in \(Double(elapsed) / 1e6) ms (\(ops == 0 ? 0 : Double(elapsed) / Double(ops)) ns/op, preparation included)")
    return 0
}

/// `make trace`: every case of the profile (or the one --case names) on the
/// fast runtime, into one render trace, written with its summary.
func writeTrace(of cases: [WorkloadCase], to file: String) -> Int32 {
    // Every pass of the run: a budget no profile's run reaches.
    let trace = RenderTrace(passLimit: 1_000_000, byteLimit: 1 << 28)
    var failures: [String] = []
    Runtime.withConfiguration(override: { $0.renderTrace = trace }) {
        for workloadCase in cases where workloadCase.variants.contains(.fast) {
            let operation = workloadCase.makeOperation(.fast)
            for _ in 0..<(warmup + ops) {
                if operation.needsPreparation { operation.prepare() }
                operation.run()
            }
            if let failure = operation.check() { failures.append("\(workloadCase.id): \(failure)") }
        }
    }
    let summaryFile = String(file.dropLast(".json".count)) + ".txt"
    let summary = trace.summary()
    do {
        try FileManager.default.createDirectory(
            atPath: (file as NSString).deletingLastPathComponent.isEmpty ? "." : (file as NSString).deletingLastPathComponent,
            withIntermediateDirectories: true
        )
        try trace.writeChromeTrace(toFile: file)
        try trace.writePerfettoTrace(toFile: String(file.dropLast(".json".count)) + ".pftrace")
        try Data(summary.description.utf8).write(to: URL(fileURLWithPath: summaryFile))
    } catch {
        fail("cannot write the trace: \(error)")
    }
    print(summary, terminator: "")
    print("\ntrace: \(file) (open it in https://ui.perfetto.dev or chrome://tracing)\nsummary: \(summaryFile)")
    for failure in failures {
        FileHandle.standardError.write(Data("workload-runner: wrong result: \(failure)\n".utf8))
    }
    return failures.isEmpty ? 0 : 1
}

let status: Int32 = onMainQueue {
    if profileName == "w6-memory" {
        if recordsTrace { fail("w6-memory has no operation to trace") }
        return runMemoryProfile()
    }
    let cases: [WorkloadCase]
    do {
        cases = try Catalog.all()
    } catch {
        fail("\(error)")
    }
    if list {
        // Tab-separated, for Scripts/bench_instructions.py.
        for workloadCase in cases {
            let variants = workloadCase.variants.map(\.rawValue).joined(separator: ",")
            print([workloadCase.id, workloadCase.profile, variants, workloadCase.operation].joined(separator: "\t"))
        }
        return 0
    }
    let matching = cases.filter { (profileName == nil || $0.profile == profileName) && (caseID == nil || $0.id == caseID) }
    guard let workloadCase = matching.first else {
        let known = Set(cases.map(\.profile)).sorted().joined(separator: ", ")
        let wanted = [profileName.map { "profile \($0)" }, caseID.map { "case \($0)" }].compactMap { $0 }.joined(separator: " and ")
        fail("no workload case for \(wanted) (profiles: \(known), w6-memory)")
    }
    if let traceFile {
        guard variant == .fast else { fail("--trace records the fast runtime only") }
        return writeTrace(of: caseID == nil ? matching : [workloadCase], to: traceFile)
    }
    guard workloadCase.variants.contains(variant) else { fail("\(workloadCase.id) has no \(variant) variant") }
    // --record-trace: every host made from here on records a trace that
    // nothing reads. Without it no configuration is bound, as before.
    guard recordsTrace else { return runOps(workloadCase) }
    return Runtime.withConfiguration(override: { $0.renderTrace = RenderTrace() }) { runOps(workloadCase) }
}
exit(status)
