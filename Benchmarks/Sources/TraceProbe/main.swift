import Foundation
import Workflow
import WorkflowDiagnostics
import WorkflowReference

// trace-probe: what a render trace (rule D1) costs in memory, stack and
// export time on large trees, release build (`make trace-probe`).
//
//   trace-probe memory [--nodes N] [--passes P] [--all-render] [--untraced]
//                      [--byte-limit B] [--pass-limit L]
//       a keyed list of N rows under one root, P `update(workflow:)`s: the
//       root renders, the rows are skipped (or all render, --all-render)
//   trace-probe chain [--depth D] [--untraced]
//       the first render of a chain D deep
//   trace-probe stack [--depth D] [--untraced] [--reference]
//       the first render of a chain D deep: the stack guard's message says
//       the depth where it stopped (exits with a fatal error)
//   trace-probe export [--nodes N] [--passes P] [--file F.json]
//       P passes of an N-row list (every row rendering), then the Chrome
//       export written to F (streamed)
//
// Each prints one line: the figures and the peak resident set (VmHWM).

func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data("trace-probe: \(message)\n".utf8))
    exit(2)
}

/// Peak and current resident set, in MB, from /proc/self/status.
func residentMB() -> (peak: Double, now: Double) {
    guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else { return (0, 0) }
    func field(_ name: String) -> Double {
        for line in status.split(separator: "\n") where line.hasPrefix(name + ":") {
            let kilobytes = line.split(separator: " ").compactMap { Double($0) }.first ?? 0
            return kilobytes / 1024
        }
        return 0
    }
    return (field("VmHWM"), field("VmRSS"))
}

func seconds(since start: UInt64) -> Double {
    Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
}

var arguments = CommandLine.arguments.dropFirst()
guard let mode = arguments.popFirst() else { fail("usage: trace-probe memory|chain|stack|export [options]") }
var nodes = 100_000
var passes = 2_000
var depth = 9_000
var allRender = false
var traced = true
var reference = false
var byteLimit: Int?
var passLimit: Int?
var file = "/tmp/trace-probe.json"
while let argument = arguments.popFirst() {
    func number() -> Int {
        guard let value = arguments.popFirst().flatMap(Int.init), value >= 0 else { fail("\(argument) needs a number") }
        return value
    }
    switch argument {
    case "--nodes": nodes = number()
    case "--passes": passes = number()
    case "--depth": depth = number()
    case "--byte-limit": byteLimit = number()
    case "--pass-limit": passLimit = number()
    case "--all-render": allRender = true
    case "--untraced": traced = false
    case "--reference": reference = true
    case "--file":
        guard let value = arguments.popFirst() else { fail("--file needs a path") }
        file = value
    default: fail("unknown argument \(argument)")
    }
}

func makeTrace() -> RenderTrace? {
    guard traced else { return nil }
    return RenderTrace(passLimit: passLimit ?? 1_000, byteLimit: byteLimit ?? RenderTrace.defaultByteLimit)
}

func host<W: Workflow>(_ workflow: W, trace: RenderTrace?) -> WorkflowHost<W> {
    if let trace { WorkflowHost(workflow: workflow, renderTrace: trace) } else { WorkflowHost(workflow: workflow) }
}

let label = traced ? "traced" : "untraced"
switch mode {
case "memory":
    let trace = makeTrace()
    let start = DispatchTime.now().uptimeNanoseconds
    let list = host(ProbeList(rows: nodes, generation: 0, rowsRender: allRender), trace: trace)
    for generation in 1...max(passes, 1) {
        list.update(workflow: ProbeList(rows: nodes, generation: generation, rowsRender: allRender))
    }
    let memory = residentMB()
    let kept = trace.map { "\($0.passes.count) passes kept, \($0.bytesInUse / 1024) KiB in use (byteLimit \($0.byteLimit / 1024) KiB)" } ?? "-"
    print("memory \(label): \(nodes + 1) nodes, \(passes) updates (\(allRender ? "every row renders" : "rows skipped")), "
        + "\(kept), peak RSS \(String(format: "%.1f", memory.peak)) MB, now \(String(format: "%.1f", memory.now)) MB, "
        + "\(String(format: "%.1f", seconds(since: start))) s, rendering \(list.rendering)")
case "chain":
    let trace = makeTrace()
    let before = residentMB().now
    let chain = host(ProbeLink(levelsBelow: depth - 1), trace: trace)
    let memory = residentMB()
    print("chain \(label): \(depth) deep, rendering \(chain.rendering), RSS grew \(String(format: "%.1f", memory.now - before)) MB, "
        + "peak RSS \(String(format: "%.1f", memory.peak)) MB")
case "stack":
    let trace = makeTrace()
    if reference {
        let chain = trace.map { ReferenceWorkflowHost(workflow: ProbeLink(levelsBelow: depth - 1), renderTrace: $0) }
            ?? ReferenceWorkflowHost(workflow: ProbeLink(levelsBelow: depth - 1))
        print("stack reference \(label): rendered \(chain.rendering) deep, no stop")
    } else {
        let chain = host(ProbeLink(levelsBelow: depth - 1), trace: trace)
        print("stack fast \(label): rendered \(chain.rendering) deep, no stop")
    }
case "export":
    guard let trace = makeTrace() else { fail("export needs a trace") }
    let list = host(ProbeList(rows: nodes, generation: 0, rowsRender: true), trace: trace)
    for generation in 1..<max(passes, 1) {
        list.update(workflow: ProbeList(rows: nodes, generation: generation, rowsRender: true))
    }
    let recorded = residentMB()
    let start = DispatchTime.now().uptimeNanoseconds
    try trace.writeChromeTrace(toFile: file)
    let size = (try? FileManager.default.attributesOfItem(atPath: file)[.size] as? Int) ?? 0
    let memory = residentMB()
    print("export: \(passes) passes of \(nodes + 1) nodes, \(size / 1_000_000) MB written in "
        + "\(String(format: "%.1f", seconds(since: start))) s, peak RSS \(String(format: "%.1f", recorded.peak)) MB before, "
        + "\(String(format: "%.1f", memory.peak)) MB after")
default:
    fail("unknown mode \(mode)")
}
