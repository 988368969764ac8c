import Workflow

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

    /// Everything that changes the inbox: the loader, the search field,
    /// and the requests of the rows and of the detail.
    public enum Action: WorkflowAction, Equatable {
        public typealias WorkflowType = InboxWorkflow

        case loaded([MailRecord])
        case queryChanged(String)
        case row(MessageRowWorkflow.Output)
        case detail(MessageDetailWorkflow.Output)

        public func apply(toState state: inout State, context: ApplyContext<InboxWorkflow>) -> Never? {
            switch self {
            case let .loaded(records):
                state.records = records
            case let .queryChanged(query):
                state.query = query
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

    /// The key of the load side effect: asked for until the records arrive.
    public static let loadKey = "load"

    public func render(state: State, context: RenderContext<InboxWorkflow>) -> InboxScreen {
        let sink = context.makeSink(of: Action.self)
        let search = SearchFieldScreen(text: state.query, onTextChanged: { sink.send(.queryChanged($0)) })
        guard let records = state.records else {
            context.runSideEffect(key: Self.loadKey) { lifetime in
                RecordLoader().start(in: lifetime) { sink.send(.loaded($0)) }
            }
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
