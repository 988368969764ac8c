import WorkflowHostHarness

/// One of the hosts a differential run compares: a runtime, and whether an
/// observer and a debugger watch it.
public struct ComparedHost: Hashable, Sendable, CustomStringConvertible {
    public var runtime: RuntimeKind
    /// Without observer and debugger the fast runtime keeps no sessions: its
    /// production path. Only what the workflows show is compared then:
    /// renderings, outputs, side effects.
    public var observed: Bool
    /// The host records a render trace (D1): it must render exactly what the
    /// same host untraced renders, and its trace must list those renders.
    public var traced = false

    /// `ReferenceWorkflowHost`: the oracle.
    public static let reference = ComparedHost(runtime: .reference, observed: true)
    /// `WorkflowHost` with render skipping on (the default).
    public static let fast = ComparedHost(runtime: .fast, observed: true)
    /// `WorkflowHost` with `renderSkipping = false`.
    public static let fastNoSkipping = ComparedHost(runtime: .fastNoSkipping, observed: true)
    /// `WorkflowHost` with skipping and no observer and no debugger.
    public static let fastUnobserved = ComparedHost(runtime: .fast, observed: false)
    /// `WorkflowHost` with skipping, observed, recording a render trace.
    /// Not in `all`: the tests of render diagnostics run it.
    public static let fastTraced = ComparedHost(runtime: .fast, observed: true, traced: true)
    /// `ReferenceWorkflowHost`, observed, recording a render trace with its
    /// own recorder. Not in `all`, as `fastTraced`.
    public static let referenceTraced = ComparedHost(runtime: .reference, observed: true, traced: true)

    /// The hosts of a run, in the order they run each step; the first, the
    /// reference, is the one the others are compared with.
    public static let all: [ComparedHost] = [.reference, .fast, .fastNoSkipping, .fastUnobserved]

    /// `fast`, `fastNoSkipping`, `fastUnobserved`, `fastTraced`, `reference`,
    /// `referenceTraced`.
    public var description: String {
        runtime.rawValue + (observed ? "" : "Unobserved") + (traced ? "Traced" : "")
    }
}
