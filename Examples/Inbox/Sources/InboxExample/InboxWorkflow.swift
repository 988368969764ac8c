import Workflow
import WorkflowConcurrency

/// The app's root: loads the mailbox, keeps the search query, the records
/// (with their stars) and the open message, and renders the list with the
/// detail pushed over it.
public struct InboxWorkflow: Workflow {
    public init() {}

    public struct State: Equatable {
        /// Nil until the loader delivered.
        public var records: [MailRecord]?
        /// As typed; the list gets it in lower case.
        public var query: String
        public var openMessage: MailRecord.ID?

        public init(records: [MailRecord]? = nil, query: String = "", openMessage: MailRecord.ID? = nil) {
            self.records = records
            self.query = query
            self.openMessage = openMessage
        }
    }

    public func makeInitialState() -> State {
        State()
    }

    /// What the loader and the children ask of the inbox: the records that
    /// arrived, and the requests of the rows and of the detail. (The search
    /// field sets the query through a sink of its own.)
    public enum Action: WorkflowAction, Equatable {
        public typealias WorkflowType = InboxWorkflow

        case loaded([MailRecord])
        case row(MessageRowWorkflow.Output)
        case detail(MessageDetailWorkflow.Output)

        public func apply(toState state: inout State, context: ApplyContext<InboxWorkflow>) -> Never? {
            switch self {
            case let .loaded(records):
                state.records = records
            case let .row(.open(id)):
                state.openMessage = id
            case let .row(.toggleStar(id)), let .detail(.toggleStar(id)):
                if let index = state.records?.firstIndex(where: { $0.id == id }) {
                    state.records?[index].isStarred.toggle()
                }
            case let .row(.delete(id)), let .detail(.delete(id)):
                state.records?.removeAll { $0.id == id }
                if state.openMessage == id { state.openMessage = nil }
            case .detail(.back):
                state.openMessage = nil
            }
            return nil
        }
    }

    /// The key of the loader, the worker run until the records arrive.
    public static let loadKey = "load"

    public func render(state: State, context: RenderContext<InboxWorkflow>) -> InboxScreen {
        let querySink = context.makeSink(of: String.self) { query, state in
            state.query = query
            return nil
        }
        let search = SearchFieldScreen(text: state.query, onTextChanged: querySink.send)
        guard let records = state.records else {
            RecordLoader()
                .mapOutput { Action.loaded($0) }
                .running(in: context, key: Self.loadKey)
            return InboxScreen(search: search, list: nil, detail: nil)
        }
        let list = MessageListWorkflow(records: records, query: state.query.lowercased())
            .rendered(in: context, key: "list") { Action.row($0) }
        let detail = state.openMessage
            .flatMap { id in records.first { $0.id == id } }
            .map { MessageDetailWorkflow(record: $0).rendered(in: context, key: "detail") { Action.detail($0) } }
        return InboxScreen(search: search, list: list, detail: detail)
    }
}
