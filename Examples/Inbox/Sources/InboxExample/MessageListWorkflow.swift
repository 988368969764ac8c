import Workflow

/// The scrollable list: filters the records by the query and renders one
/// keyed row per match. The scroll position is its own state, changed
/// through a `StateMutationSink`.
public struct MessageListWorkflow: Workflow, Equatable {
    public var records: [MailRecord]
    /// Lower case; empty shows every record.
    public var query: String

    public init(records: [MailRecord], query: String) {
        self.records = records
        self.query = query
    }

    /// The scroll position: the index of the row at the top.
    public struct State: Equatable {
        public var firstVisibleRow = 0

        public init(firstVisibleRow: Int = 0) {
            self.firstVisibleRow = firstVisibleRow
        }
    }

    public typealias Output = MessageRowWorkflow.Output

    public func makeInitialState() -> State {
        State()
    }

    /// A new query shows its results from the top.
    public func workflowDidChange(from previousWorkflow: MessageListWorkflow, state: inout State) {
        if previousWorkflow.query != query {
            state.firstVisibleRow = 0
        }
    }

    /// Forwards a row's request to the list's parent.
    public struct RowAction: WorkflowAction, Equatable {
        public typealias WorkflowType = MessageListWorkflow

        public var request: MessageRowWorkflow.Output

        public func apply(toState state: inout State, context: ApplyContext<MessageListWorkflow>) -> Output? {
            request
        }
    }

    public func render(state: State, context: RenderContext<MessageListWorkflow>) -> MessageListScreen {
        var rows: [MessageRowScreen] = []
        rows.reserveCapacity(query.isEmpty ? records.count : 0)
        for record in records where record.matches(query) {
            rows.append(
                MessageRowWorkflow(record: record)
                    .rendered(in: context, key: record.rowKey) { RowAction(request: $0) }
            )
        }
        let mutate = context.makeStateMutationSink()
        let lastRow = max(rows.count - 1, 0)
        return MessageListScreen(
            rows: rows,
            totalCount: records.count,
            firstVisibleRow: min(state.firstVisibleRow, lastRow),
            onScroll: { row in mutate.send(\.firstVisibleRow, value: max(0, min(row, lastRow))) }
        )
    }
}
