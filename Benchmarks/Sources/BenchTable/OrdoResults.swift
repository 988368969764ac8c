import Foundation

/// The figures ordo-one measured, read from its `--format influx` export:
/// the median (p50) of wall clock and malloc count per sample, by benchmark
/// name ("<case id> <variant>").
struct OrdoResults {
    struct Sample {
        var wallClockNs: Double?
        var mallocs: Double?
    }

    var byName: [String: Sample] = [:]
    /// Result-check failures ordo-one's run reported (its exit status stays
    /// 0 when a benchmark calls `error`), by benchmark name, from its log.
    var failures: [String: String] = [:]

    init() {}

    /// Reads `dir/Current_run.influx.csv` and, when a crashed run was
    /// completed by a second one, `dir/retry/Current_run.influx.csv`.
    init(directory: String) throws {
        try self.init(influxCSV: directory + "/Current_run.influx.csv")
        let retry = directory + "/retry/Current_run.influx.csv"
        if FileManager.default.fileExists(atPath: retry) {
            let second = try OrdoResults(influxCSV: retry)
            byName.merge(second.byName) { _, new in new }
        }
    }

    /// Columns: measurement, hostName, processoryType, processors, memory,
    /// kernelVersion, metric, unit, test, percentile, value, ...
    init(influxCSV path: String) throws {
        let text = try String(contentsOfFile: path, encoding: .utf8)
        for line in text.split(separator: "\n") where !line.hasPrefix("#") && !line.hasPrefix("measurement,") {
            let fields = line.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
            guard fields.count >= 11, fields[9] == "50.0", let value = Double(fields[10]) else { continue }
            let name = fields[8].trimmingCharacters(in: CharacterSet(charactersIn: "\""))
            var sample = byName[name] ?? Sample()
            // The values are raw (ns, counts); the unit column is only the
            // display unit of ordo-one's own tables, so it is not applied.
            switch fields[6] {
            case let metric where metric.hasPrefix("Time(wallclock)"):
                sample.wallClockNs = value
            case let metric where metric.hasPrefix("Malloc(total)"):
                sample.mallocs = value
            default:
                continue
            }
            byName[name] = sample
        }
    }

    /// Reads the lines "<case id> <variant>: wrong result: ..." that the
    /// benchmark closures report through `Benchmark.error`.
    mutating func readFailures(log path: String) throws {
        let text = try String(contentsOfFile: path, encoding: .utf8)
        for line in text.split(separator: "\n") {
            guard let range = line.range(of: ": wrong result: ") else { continue }
            let name = line[..<range.lowerBound].split(separator: " ").suffix(2).joined(separator: " ")
            failures[name] = String(line[range.upperBound...])
        }
    }
}
