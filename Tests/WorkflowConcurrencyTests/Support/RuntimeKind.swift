import Testing

/// The runtimes every worker test runs on: the fast `WorkflowHost` with
/// render skipping on (`fast`) and off (`fastNoSkipping`), and the naive
/// `ReferenceWorkflowHost` (`reference`).
enum RuntimeKind: String, CaseIterable, Codable, Sendable, CustomTestStringConvertible {
    case fast
    case fastNoSkipping
    case reference

    var testDescription: String { rawValue }

    /// Whether this runtime skips the render of clean subtrees (S2).
    var skipsRenders: Bool { self == .fast }
}
