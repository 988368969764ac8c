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
    /// The jemalloc loop's own figures, to compare with ordo-one's.
    var loopNsPerOp: Double
    var jemallocMallocsPerOp: Double
    var ordoMallocsPerOp: Double?
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

// Absent values are written as explicit nulls (the synthesised encoders
// would leave the keys out), so that readers find every key of the schema.

extension BenchResults {
    enum CodingKeys: String, CodingKey { case date, machine, toolchain, smoke, rows, scaling, memory }

    func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(date, forKey: .date)
        try c.encode(machine, forKey: .machine)
        try c.encode(toolchain, forKey: .toolchain)
        try c.encode(smoke, forKey: .smoke)
        try c.encode(rows, forKey: .rows)
        try c.encode(scaling, forKey: .scaling)
        try c.encode(memory, forKey: .memory)
    }
}

extension Row {
    enum CodingKeys: String, CodingKey {
        case workload, id, operation, nodes, fast, reference, vanilla, referenceOverFast, fastOverVanilla,
             target, met, missed, note, failures
    }

    func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(workload, forKey: .workload)
        try c.encode(id, forKey: .id)
        try c.encode(operation, forKey: .operation)
        try c.encode(nodes, forKey: .nodes)
        try c.encode(fast, forKey: .fast)
        try c.encode(reference, forKey: .reference)
        try c.encode(vanilla, forKey: .vanilla)
        try c.encode(referenceOverFast, forKey: .referenceOverFast)
        try c.encode(fastOverVanilla, forKey: .fastOverVanilla)
        try c.encode(target, forKey: .target)
        try c.encode(met, forKey: .met)
        try c.encode(missed, forKey: .missed)
        try c.encode(note, forKey: .note)
        try c.encode(failures, forKey: .failures)
    }
}

extension ScalingPoint {
    enum CodingKeys: String, CodingKey { case nodes, fastNsPerOp, referenceNsPerOp, vanillaNsPerOp }

    func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(nodes, forKey: .nodes)
        try c.encode(fastNsPerOp, forKey: .fastNsPerOp)
        try c.encode(referenceNsPerOp, forKey: .referenceNsPerOp)
        try c.encode(vanillaNsPerOp, forKey: .vanillaNsPerOp)
    }
}
