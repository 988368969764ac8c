import Workflow
import WorkflowConcurrency

/// Searches for its state's query, if any, with a `SearchWorker` under
/// `workerKey`, and pings with a `PingWorker` when `pingID` is set. The
/// rendering is the last result received.
struct SearchWorkflow: Workflow {
    var workerKey = ""
    var pingID: Int?

    struct State: Equatable {
        var query: String?
        var result = ""
    }

    func makeInitialState() -> State { State() }

    func render(state: State, context: RenderContext<SearchWorkflow>) -> String {
        if let query = state.query {
            SearchWorker(query: query)
                .mapOutput { result in
                    AnyWorkflowAction<SearchWorkflow> { state in
                        state.result = result
                        return nil
                    }
                }
                .running(in: context, key: workerKey)
        }
        if let pingID {
            PingWorker(id: pingID).running(in: context) { _ in AnyWorkflowAction<SearchWorkflow>.noAction }
        }
        return state.result
    }
}

/// Equivalent when the queries are equal (not `Equatable`).
struct SearchWorker: Worker {
    typealias Output = String

    var query: String

    func run() async -> String {
        "results for \(query)"
    }

    func isEquivalent(to otherWorker: SearchWorker) -> Bool {
        query == otherWorker.query
    }
}

/// `Equatable`: equivalence is `==`, by default.
struct PingWorker: Worker, Equatable {
    typealias Output = Void

    var id: Int

    func run() async {}
}

/// Runs an `AsyncOperationWorker` and keeps its result.
struct OperationUser: Workflow {
    func makeInitialState() -> Int { 0 }

    func render(state: Int, context: RenderContext<OperationUser>) -> Int {
        AsyncOperationWorker { 42 }
            .mapOutput { value in AnyWorkflowAction<OperationUser> { state in state = value; return nil } }
            .running(in: context, key: "answer")
        return state
    }
}
