import Foundation
import JemallocStats
import Workloads

/// W6: each variant builds the w6-memory tree in a fresh process (so that no
/// memory freed by an earlier variant is reused), and reports jemalloc's
/// live bytes and resident bytes added by the tree.
enum MemoryProbe {
    struct Figures {
        var nodes: Int
        var allocatedBytes: Int
        var residentBytes: Int
        var failure: String?
    }

    /// The child process's side: build, measure, print one line.
    static func runProbe(_ variant: Variant) -> Never {
        let line: String = onMainQueue {
            do {
                let shape = try MemoryWorkload.shape()
                let before = Jemalloc.snapshot()
                let built = MemoryWorkload.build(variant, shape: shape)
                let after = Jemalloc.snapshot()
                let failure = built.failure.map { $0.replacingOccurrences(of: " ", with: "_") } ?? "ok"
                withExtendedLifetime(built.tree) {}
                return "\(shape.nodeCount) \(after.allocated - before.allocated) \(after.resident - before.resident) \(failure)"
            } catch {
                return "0 0 0 \(String(describing: error).replacingOccurrences(of: " ", with: "_"))"
            }
        }
        print(line)
        exit(0)
    }

    /// The parent's side: runs this executable with `--memory-probe`.
    static func measure(_ variant: Variant) -> Figures {
        let process = Process()
        let executable = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = ["--memory-probe", variant.rawValue]
        let pipe = Pipe()
        process.standardOutput = pipe
        do {
            try process.run()
        } catch {
            return Figures(nodes: 0, allocatedBytes: 0, residentBytes: 0, failure: "cannot start the probe: \(error)")
        }
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let fields = String(decoding: data, as: UTF8.self).split(whereSeparator: \.isWhitespace).map(String.init)
        guard process.terminationStatus == 0, fields.count == 4,
              let nodes = Int(fields[0]), let allocated = Int(fields[1]), let resident = Int(fields[2])
        else {
            return Figures(nodes: 0, allocatedBytes: 0, residentBytes: 0, failure: "the \(variant) probe failed: \(fields)")
        }
        return Figures(nodes: nodes, allocatedBytes: allocated, residentBytes: resident,
                       failure: fields[3] == "ok" ? nil : fields[3])
    }
}
