#if canImport(Combine)
import Combine
#else
import OpenCombine
#endif
import Workflow
import WorkflowCombine
import TestSupport

/// Runs a `SubjectWorker` named after its state's topic, if any, under
/// `workerKey`, and a publisher of tick counts under "ticks" when `ticks` is
/// set. The state keeps the last value received.
struct FeedWorkflow: Workflow {
    var workerKey = ""
    var ticks: AnyPublisher<Int, Never>?
    var probe = Probe()
    var subject = PassthroughSubject<String, Never>()

    struct State: Equatable {
        var topic: String?
        var last = ""
    }

    func makeInitialState() -> State { State() }

    func render(state: State, context: RenderContext<FeedWorkflow>) -> String {
        if let topic = state.topic {
            SubjectWorker(name: topic, subject: subject, probe: probe)
                .mapOutput { value in
                    AnyWorkflowAction<FeedWorkflow> { state in
                        state.last = value
                        return nil
                    }
                }
                .running(in: context, key: workerKey)
        }
        ticks?
            .mapOutput { count in
                AnyWorkflowAction<FeedWorkflow> { state in
                    state.last = "tick \(count)"
                    return nil
                }
            }
            .running(in: context, key: "ticks")
        return state.last
    }
}
