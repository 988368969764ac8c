/// One node's life: its workflow type, key, unique id and parent session.
public struct WorkflowSession {
    /// A process-wide unique session id.
    public struct Identifier: Hashable {
        let rawIdentifier: UInt64

        nonisolated(unsafe) private static var next: UInt64 = 0

        init() {
            rawIdentifier = Self.next
            Self.next &+= 1
        }
    }

    // A struct cannot hold itself: the parent lives behind an indirect enum.
    private indirect enum ParentLink {
        case some(WorkflowSession)
        case none
    }

    /// The node's concrete workflow type.
    public let workflowType: Any.Type

    /// The key the parent rendered the node with ("" for the root).
    public let renderKey: String

    /// Unique across the process.
    public let sessionID: Identifier

    private let parentLink: ParentLink

    /// The parent node's session; nil for the root.
    public var parent: WorkflowSession? {
        if case let .some(parent) = parentLink { return parent }
        return nil
    }

    @usableFromInline
    package init(workflowType: Any.Type, renderKey: String, parent: WorkflowSession?) {
        self.workflowType = workflowType
        self.renderKey = renderKey
        self.sessionID = Identifier()
        self.parentLink = parent.map { .some($0) } ?? .none
    }
}

extension WorkflowSession {
    /// The session of a node of `workflow`'s type, for the `@testable` seam.
    init<WorkflowType: Workflow>(workflow: WorkflowType, renderKey: String, parent: WorkflowSession?) {
        self.init(workflowType: WorkflowType.self, renderKey: renderKey, parent: parent)
    }
}
