import Testing

/// The runtimes every test runs on.
///
/// - `fast`: `WorkflowHost` with its default configuration (render skipping on).
/// - `fastNoSkipping`: `WorkflowHost` built with `renderSkipping = false`, which
///   must render the whole tree on every cascade, like the reference.
/// - `reference`: `ReferenceWorkflowHost`, the naive oracle.
///
/// `Codable` and `Sendable` so that exit tests can capture it.
enum RuntimeKind: String, CaseIterable, Codable, Sendable, CustomTestStringConvertible {
    case fast
    case fastNoSkipping
    case reference

    var testDescription: String { rawValue }

    /// Whether this runtime may render fewer nodes than the reference (S1-S4).
    var skipsRenders: Bool { self == .fast }
}
