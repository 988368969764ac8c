import Workflow
import WorkflowReference

/// One row of the benchmark table: a workload's operation, which variants
/// run it, and how to build a ready-to-run operation for each.
public struct WorkloadCase {
    /// Unique and stable: the benchmark names are "<id> <variant>".
    public var id: String
    /// The workload (Benchmarks/README.md): "W1" ... "W11".
    public var workload: String
    public var operation: String
    /// The profile under Profiles/ its sizes come from.
    public var profile: String
    public var nodes: Int
    /// Operations per ordo-one sample when no preparation is needed, so that
    /// sub-microsecond ops are not lost in ordo-one's own overhead
    /// (1 for a variant not listed).
    public var opsPerSample: [Variant: Int]
    /// Ordo-one samples at most (a reference op can take tens of ms).
    public var maxSamples: [Variant: Int]
    public var variants: [Variant]
    /// Why a variant is missing, for the table.
    public var note: String?
    /// The sends (W9) or observers (W10) one op handles: BenchTable's
    /// linear-growth target compares the cost per one of them across sizes.
    public var elementsPerOp: Int?
    /// The op runs the main run loop (a worker's turn, W11), so it cannot
    /// run inside a block of the main queue, as ordo-one's benchmarks do:
    /// BenchTable's own loop and callgrind measure it.
    public var runsMainRunLoop = false
    let make: (Variant) -> WorkloadOperation

    init(
        id: String, workload: String, operation: String, profile: String, nodes: Int,
        opsPerSample: [Variant: Int], maxSamples: [Variant: Int], variants: [Variant],
        note: String? = nil, elementsPerOp: Int? = nil, make: @escaping (Variant) -> WorkloadOperation
    ) {
        self.id = id
        self.workload = workload
        self.operation = operation
        self.profile = profile
        self.nodes = nodes
        self.opsPerSample = opsPerSample
        self.maxSamples = maxSamples
        self.variants = variants
        self.note = note
        self.elementsPerOp = elementsPerOp
        self.make = make
    }

    /// Builds the operation: the tree started, the values to send made.
    /// Call on the main queue (the runtime is main-queue confined, R22).
    public func makeOperation(_ variant: Variant) -> WorkloadOperation {
        precondition(variants.contains(variant), "\(id) has no \(variant) variant")
        return make(variant)
    }

    /// How many runs one ordo-one sample of `variant` measures.
    public func runsPerSample(_ variant: Variant) -> Int {
        opsPerSample[variant] ?? 1
    }

    public var benchmarkNames: [String] { variants.map { "\(id) \($0.rawValue)" } }
}

/// Picks the driver for a variant: the same generic driver specialised for
/// each host, or the vanilla one.
func byVariant(
    _ variant: Variant,
    fast: () -> WorkloadOperation,
    reference: () -> WorkloadOperation,
    vanilla: () -> WorkloadOperation
) -> WorkloadOperation {
    switch variant {
    case .runtime(.fast): fast()
    case .runtime(.reference): reference()
    case .runtime(.fastNoSkipping): preconditionFailure("the benchmarks do not run fastNoSkipping")
    case .vanilla: vanilla()
    }
}

typealias Fast<W: Workflow> = WorkflowHost<W>
typealias Reference<W: Workflow> = ReferenceWorkflowHost<W>
