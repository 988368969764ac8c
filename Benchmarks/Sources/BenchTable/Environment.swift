import Foundation

/// The run's context for results/bench.json, and writing it.
enum Environment {
    /// `uname -a` and the processor count.
    static func machine() -> String {
        "\(command("/bin/uname", ["-a"]) ?? "unknown") / \(ProcessInfo.processInfo.activeProcessorCount) cores"
    }

    /// The first line of `swift --version`.
    static func toolchain() -> String {
        command("/usr/bin/env", ["swift", "--version"])?.split(separator: "\n").first.map(String.init) ?? "unknown"
    }

    static func command(_ path: String, _ arguments: [String]) -> String? {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = Pipe()
        guard (try? process.run()) != nil else { return nil }
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    static func write(_ results: BenchResults, to path: String) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        let url = URL(fileURLWithPath: path)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try encoder.encode(results).write(to: url)
    }
}
