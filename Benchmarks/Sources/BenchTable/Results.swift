/// results/bench.json: the schema the report generator reads (extra fields
/// beyond it are allowed and documented in the README).
struct BenchResults: Codable {
    var date: String
    var machine: String
    var toolchain: String
    var smoke: Bool
    var rows: [Row]
    var scaling: [ScalingPoint]
    var memory: Memory?
}

/// One variant's figures. `nsPerOp` and `mallocsPerOp` come from ordo-one
/// (median sample / runs per sample) when it ran, else from the jemalloc
/// loop; `bytesPerOp` always from jemalloc's `thread.allocated`.
struct VariantFigures: Codable {
    var nsPerOp: Double
    var mallocsPerOp: Double
    var bytesPerOp: Double
    /// The jemalloc loop's own figures, to compare with the harness.
    var loopNsPerOp: Double
    var jemallocMallocsPerOp: Double
    var harnessMallocsPerOp: Double?
    var loopRuns: Int
    /// "ordo-one" or "loop": where nsPerOp came from.
    var timeSource: String
}

struct Row: Codable {
    var workload: String
    var id: String
    var operation: String
    var nodes: Int
    var fast: VariantFigures?
    var reference: VariantFigures?
    var vanilla: VariantFigures?
    var referenceOverFast: Double?
    var fastOverVanilla: Double?
    var target: String?
    var met: Bool?
    /// For a missed target: which part, with the measured value.
    var missed: String?
    var note: String?
    /// Result-check failures (a benchmark whose result was wrong).
    var failures: [String]
}

struct ScalingPoint: Codable {
    var nodes: Int
    var fastNsPerOp: Double?
    var referenceNsPerOp: Double?
    var vanillaNsPerOp: Double?
}

struct Memory: Codable {
    var nodes: Int
    var fastBytesPerNode: Double
    var referenceBytesPerNode: Double
    var vanillaBytesPerNode: Double
    var fastResidentBytesPerNode: Double
    var referenceResidentBytesPerNode: Double
    var vanillaResidentBytesPerNode: Double
    var target: String
    var met: Bool
}
