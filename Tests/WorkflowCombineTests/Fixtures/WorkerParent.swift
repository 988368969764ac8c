#if canImport(Combine)
import Combine
#else
import OpenCombine
#endif
import Workflow
import WorkflowCombine
import TestSupport

/// Runs `worker`, `justWorker` and `publisher`, each when set and under its
/// own key, and keeps every output received, in order, as its state and
/// rendering.
struct WorkerParent: Workflow {
    var worker: SubjectWorker?
    var workerKey = ""
    var justWorker: JustWorker?
    var publisher: AnyPublisher<String, Never>?
    var publisherKey = "publisher"
    var probe: Probe

    typealias State = [String]

    func makeInitialState() -> [String] { [] }

    enum Action: WorkflowAction {
        typealias WorkflowType = WorkerParent

        case received(String)

        func apply(toState state: inout [String], context: ApplyContext<WorkerParent>) -> Never? {
            switch self {
            case let .received(output):
                context[workflowValue: \.probe].delivered(output)
                state.append(output)
            }
            return nil
        }
    }

    func render(state: [String], context: RenderContext<WorkerParent>) -> [String] {
        probe.rendering {
            // The direct path: no `AnyWorkflow` box on the way.
            worker?.running(in: context, key: workerKey) { Action.received($0) }
            // Through `mapOutput`, an `AnyWorkflow`.
            justWorker?.mapOutput { Action.received($0) }.running(in: context, key: "just")
            publisher?
                .map { AnyWorkflowAction<WorkerParent>(Action.received($0)) }
                .running(in: context, key: publisherKey)
            return state
        }
    }
}
