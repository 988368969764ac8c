import Workflow

/// The open message, pushed over the list.
public struct MessageDetailWorkflow: Workflow, Equatable {
    public var record: MailRecord

    public init(record: MailRecord) {
        self.record = record
    }

    public typealias State = Void

    /// What the user asked of the open message; the root acts on it.
    public enum Output: Equatable, Sendable {
        case back
        case toggleStar(MailRecord.ID)
        case delete(MailRecord.ID)
    }

    /// The detail's buttons.
    public enum Action: WorkflowAction, Equatable, Sendable {
        public typealias WorkflowType = MessageDetailWorkflow

        case back
        case star
        case delete

        public func apply(toState state: inout Void, context: ApplyContext<MessageDetailWorkflow>) -> Output? {
            let id = context[workflowValue: \.record.id]
            switch self {
            case .back: return .back
            case .star: return .toggleStar(id)
            case .delete: return .delete(id)
            }
        }
    }

    public func render(state: Void, context: RenderContext<MessageDetailWorkflow>) -> MessageDetailScreen {
        let sink = context.makeSink(of: Action.self)
        return MessageDetailScreen(
            id: record.id,
            title: record.subject,
            sender: record.sender,
            body: record.body,
            isStarred: record.isStarred,
            onBack: { sink.send(.back) },
            onStar: { sink.send(.star) },
            onDelete: { sink.send(.delete) }
        )
    }
}
