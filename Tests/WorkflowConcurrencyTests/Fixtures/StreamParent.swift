import Workflow
import WorkflowConcurrency
import TestSupport

/// Runs `worker`, if any, and keeps every element it sent as its state and
/// rendering. Uses `mapOutput`, the common spelling, and so the
/// `AnyWorkflow` path.
struct StreamParent: Workflow {
    var worker: StreamWorker?
    var probe: Probe

    typealias State = [String]

    func makeInitialState() -> [String] { [] }

    func render(state: [String], context: RenderContext<StreamParent>) -> [String] {
        probe.rendering {
            worker?
                .mapOutput { element in
                    AnyWorkflowAction<StreamParent> { state, context in
                        context[workflowValue: \.probe].delivered(element)
                        state.append(element)
                        return nil
                    }
                }
                .running(in: context)
            return state
        }
    }
}
