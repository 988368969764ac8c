/// One measured operation of one workload on one variant, built once (tree
/// started, values to send made beforehand) and then run many times.
///
/// Every measuring loop (ordo-one's, BenchTable's, WorkloadRunner's) calls
/// `prepare()` before every `run()` when `needsPreparation` is true, outside
/// the measurement (e.g. W5's "create 1,000 rows" starts from an empty list). `check()` verifies the result of all runs so far against
/// an independent computation, so that no figure comes from skipped work.
public protocol WorkloadOperation: AnyObject {
    var needsPreparation: Bool { get }
    func prepare()
    func run()
    /// nil when the result is right, else what is wrong.
    func check() -> String?
}

extension WorkloadOperation {
    public var needsPreparation: Bool { false }
    public func prepare() {}
}

/// Keeps a value alive and opaque to the optimiser, so that reading a
/// rendering cannot be removed as dead code.
@inline(never)
public func blackHole<T>(_ value: T) {}
