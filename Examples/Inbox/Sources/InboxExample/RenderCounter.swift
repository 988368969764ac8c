import Workflow

/// Counts the workflows that rendered, by type: give it to a host as an
/// observer, read it after a step, then `reset()`.
public final class RenderCounter: WorkflowObserver {
    public private(set) var total = 0
    private var countsByType: [ObjectIdentifier: (name: String, count: Int)] = [:]

    public init() {}

    public func reset() {
        total = 0
        countsByType.removeAll(keepingCapacity: true)
    }

    /// How many `render` calls a workflow type got since the last reset.
    public func count<W: Workflow>(of type: W.Type) -> Int {
        countsByType[ObjectIdentifier(type)]?.count ?? 0
    }

    /// "InboxWorkflow 1, MessageListWorkflow 1", sorted by name.
    public var breakdown: String {
        countsByType.values
            .sorted { $0.name < $1.name }
            .map { "\($0.name) \($0.count)" }
            .joined(separator: ", ")
    }

    public func workflowWillRender<WorkflowType: Workflow>(
        _ workflow: WorkflowType,
        state: WorkflowType.State,
        session: WorkflowSession
    ) -> ((WorkflowType.Rendering) -> Void)? {
        total += 1
        countsByType[ObjectIdentifier(WorkflowType.self), default: ("\(WorkflowType.self)", 0)].count += 1
        return nil
    }
}
