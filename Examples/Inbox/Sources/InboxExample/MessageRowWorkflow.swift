import Workflow

/// One row of the list. Its props are its record, so a row whose record did
/// not change is skipped when the list re-renders (S2).
public struct MessageRowWorkflow: Workflow, Equatable {
    public var record: MailRecord

    public init(record: MailRecord) {
        self.record = record
    }

    public typealias State = Void

    /// What the user asked of the row; the list passes it up.
    public enum Output: Equatable, Sendable {
        case open(MailRecord.ID)
        case toggleStar(MailRecord.ID)
        case delete(MailRecord.ID)
    }

    /// The row's buttons.
    public enum Action: WorkflowAction, Equatable, Sendable {
        public typealias WorkflowType = MessageRowWorkflow

        case tap
        case star
        case delete

        public func apply(toState state: inout Void, context: ApplyContext<MessageRowWorkflow>) -> Output? {
            let id = context[workflowValue: \.record.id]
            switch self {
            case .tap: return .open(id)
            case .star: return .toggleStar(id)
            case .delete: return .delete(id)
            }
        }
    }

    public func render(state: Void, context: RenderContext<MessageRowWorkflow>) -> MessageRowScreen {
        let sink = context.makeSink(of: Action.self)
        return MessageRowScreen(
            id: record.id,
            title: record.subject,
            sender: record.sender,
            isStarred: record.isStarred,
            onTap: { sink.send(.tap) },
            onStar: { sink.send(.star) },
            onDelete: { sink.send(.delete) }
        )
    }
}
