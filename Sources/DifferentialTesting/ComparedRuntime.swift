/// The runtimes a differential run compares, in the order they run each
/// step; the first, the reference, is the one the others are compared with.
public enum ComparedRuntime: String, CaseIterable, Sendable {
    /// `ReferenceWorkflowHost`: the oracle.
    case reference
    /// `WorkflowHost` with render skipping on (the default).
    case fast
    /// `WorkflowHost` with `renderSkipping = false`.
    case fastNoSkipping
    /// `WorkflowHost` with skipping and no observer and no debugger: the
    /// runtime's production path, which keeps no sessions. Only what the
    /// workflows show is compared: renderings, outputs, side effects.
    case fastUnobserved
}
