#if canImport(Combine)
import Combine
#else
import OpenCombine
#endif
import Workflow
import WorkflowCombine
import TestSupport

/// The root of a tree whose middle node never changes: a counter the test
/// bumps through the rendering, and every output that came up from the
/// worker and the publisher under `WorkerHolder`.
struct SkipRoot: Workflow {
    var probe: Probe
    var workerSubject: PassthroughSubject<String, Never>
    var publisherSubject: PassthroughSubject<String, Never>

    struct State {
        var count = 0
        var outputs: [String] = []
    }

    struct Rendering {
        var count: Int
        var outputs: [String]
        var bump: () -> Void
    }

    func makeInitialState() -> State { State() }

    func render(state: State, context: RenderContext<SkipRoot>) -> Rendering {
        probe.rendering {
            WorkerHolder(probe: probe, workerSubject: workerSubject, publisherSubject: publisherSubject)
                .running(in: context) { output in
                    AnyWorkflowAction<SkipRoot> { state, context in
                        context[workflowValue: \.probe].delivered(output)
                        state.outputs.append(output)
                        return nil
                    }
                }
            let sink = context.makeStateMutationSink()
            return Rendering(count: state.count, outputs: state.outputs, bump: { sink.send { $0.count += 1 } })
        }
    }
}

/// Stateless, with props equal from one render of the root to the next: on a
/// runtime that skips (S2) it renders once and is skipped afterwards, while
/// its worker and publisher keep running.
struct WorkerHolder: Workflow, Equatable {
    var probe: Probe
    var workerSubject: PassthroughSubject<String, Never>
    var publisherSubject: PassthroughSubject<String, Never>

    typealias State = Void
    typealias Output = String

    func render(state: Void, context: RenderContext<WorkerHolder>) {
        probe.record("holder render")
        SubjectWorker(name: "worker", subject: workerSubject, probe: probe)
            .mapOutput { AnyWorkflowAction<WorkerHolder>(sendingOutput: "worker \($0)") }
            .running(in: context, key: "worker")
        publisherSubject
            .mapOutput { AnyWorkflowAction<WorkerHolder>(sendingOutput: "publisher \($0)") }
            .running(in: context, key: "publisher")
    }

    static func == (lhs: WorkerHolder, rhs: WorkerHolder) -> Bool {
        lhs.probe === rhs.probe
    }
}
