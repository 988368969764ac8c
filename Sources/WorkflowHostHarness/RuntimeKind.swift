@_spi(WorkflowRuntimeConfig) import Workflow
import WorkflowReference

/// The runtimes a tree can run on.
///
/// - `fast`: `WorkflowHost` with its default configuration (render skipping on).
/// - `fastNoSkipping`: `WorkflowHost` built with `renderSkipping = false`,
///   which renders the whole tree on every cascade, like the reference.
/// - `reference`: `ReferenceWorkflowHost`, the naive oracle.
///
/// `Codable` and `Sendable` so that exit tests can capture it.
public enum RuntimeKind: String, CaseIterable, Codable, Sendable {
    case fast
    case fastNoSkipping
    case reference

    /// Whether this runtime may render fewer nodes than the reference (S1-S4).
    public var skipsRenders: Bool { self == .fast }

    /// Starts `workflow` on this runtime, with the runtime configuration in
    /// force (`Runtime.withConfiguration` around the call changes it);
    /// `fastNoSkipping` turns render skipping off on top of it. Call on the
    /// main queue (R22).
    public func makeHost<W: Workflow>(
        _ workflow: W,
        observers: [WorkflowObserver] = [],
        debugger: WorkflowDebugger? = nil
    ) -> any WorkflowHosting<W> {
        Runtime.withConfiguration(override: { configuration in
            if self == .fastNoSkipping {
                configuration.renderSkipping = false
            }
        }) { () -> any WorkflowHosting<W> in
            switch self {
            case .fast, .fastNoSkipping:
                WorkflowHost(workflow: workflow, observers: observers, debugger: debugger)
            case .reference:
                ReferenceWorkflowHost(workflow: workflow, observers: observers, debugger: debugger)
            }
        }
    }
}
