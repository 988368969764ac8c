import Workflow
import WorkflowConcurrency
import TestSupport

/// Runs `worker`, if any, under `key`, and keeps every output it received,
/// in order, as its state and rendering.
struct WorkerParent: Workflow {
    var worker: SleepingWorker?
    var key = ""
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
            worker?.running(in: context, key: key) { Action.received($0) }
            return state
        }
    }
}
