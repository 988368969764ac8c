import Workflow
import WorkflowConcurrency
import TestSupport

/// Runs an `AsyncOperationWorker` under `key`, as upstream's examples do,
/// whose operation records `operation` and returns `result` after a short
/// sleep; the state is the last result received. `generation` only makes a
/// new workflow value, to re-render.
struct OperationParent: Workflow {
    var key = ""
    var result = 1
    var generation = 0
    var probe: Probe

    func makeInitialState() -> Int { 0 }

    func render(state: Int, context: RenderContext<OperationParent>) -> Int {
        probe.rendering {
            let probe = probe
            let result = result
            AsyncOperationWorker { () async -> Int in
                probe.record("operation")
                try? await Task.sleep(for: .milliseconds(10))
                return result
            }
            .mapOutput { output in
                AnyWorkflowAction<OperationParent> { state in
                    probe.delivered("\(output)")
                    state = output
                    return nil
                }
            }
            .running(in: context, key: key)
            return state
        }
    }
}
