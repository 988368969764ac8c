import Workflow
import WorkflowConcurrency
import TestSupport

/// The root of a tree whose middle node never changes: a counter the test
/// bumps through the rendering, and every output that came up from the
/// workers under `WorkerHolder`.
struct SkipRoot: Workflow {
    var probe: Probe
    var elements: AsyncStream<String>
    var result: AsyncStream<String>

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
            WorkerHolder(probe: probe, elements: elements, result: result)
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
/// its workers keep running. Its output is whatever its workers send.
struct WorkerHolder: Workflow, Equatable {
    var probe: Probe
    var elements: AsyncStream<String>
    var result: AsyncStream<String>

    typealias State = Void
    typealias Output = String

    func render(state: Void, context: RenderContext<WorkerHolder>) {
        probe.record("holder render")
        StreamWorker(name: "elements", stream: elements)
            .mapOutput { AnyWorkflowAction<WorkerHolder>(sendingOutput: $0) }
            .running(in: context, key: "elements")
        FirstElementWorker(stream: result)
            .running(in: context, key: "result") { AnyWorkflowAction<WorkerHolder>(sendingOutput: $0) }
    }

    static func == (lhs: WorkerHolder, rhs: WorkerHolder) -> Bool {
        lhs.probe === rhs.probe
    }
}
