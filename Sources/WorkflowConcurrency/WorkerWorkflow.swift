#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Workflow

/// The node that runs a `Worker`: what `running(in:key:)` creates for a
/// worker, and what `RenderTester.expectWorker` expects.
///
/// Its state is the identity of the current run. A worker that is not
/// equivalent to the previous one gets a new identity (WK2); the one side
/// effect, keyed by the identity, owns the task, so a new identity starts a
/// new task and ends the old side effect, whose lifetime cancels the old
/// task. Removing the node ends the side effect too (WK3).
@usableFromInline
package struct WorkerWorkflow<WorkerType: Worker>: Workflow {
    @usableFromInline package typealias State = UUID
    @usableFromInline package typealias Rendering = Void
    @usableFromInline package typealias Output = WorkerType.Output

    /// The worker the parent asked for in its latest render.
    @usableFromInline
    package let worker: WorkerType

    @inlinable
    package init(worker: WorkerType) {
        self.worker = worker
    }

    @inlinable
    package func makeInitialState() -> UUID {
        UUID()
    }

    @inlinable
    package func workflowDidChange(from previousWorkflow: WorkerWorkflow<WorkerType>, state: inout UUID) {
        if !worker.isEquivalent(to: previousWorkflow.worker) {
            state = UUID()
        }
    }

    @inlinable
    package func render(state: UUID, context: RenderContext<WorkerWorkflow<WorkerType>>) {
        // Declared on every render so that the sink the task holds stays
        // live for as long as the node does (R13).
        let sink = context.makeSink(of: AnyWorkflowAction<WorkerWorkflow<WorkerType>>.self)
        context.runSideEffect(key: state) { lifetime in
            start(sending: sink, until: lifetime)
        }
    }

    /// Starts `run()` off the main actor; its result is sent on the main
    /// actor (WK1) unless the lifetime ended first.
    @usableFromInline @MainActor
    func start(sending sink: Sink<AnyWorkflowAction<WorkerWorkflow<WorkerType>>>, until lifetime: Lifetime) {
        // Unchecked, as the Worker contract has it: `run()` runs outside the
        // main actor on the task's copy of the worker, and its output is
        // handed back to the main actor once the task is done with it. A
        // worker or an output that shares mutable references with the app
        // must make them safe itself, as with upstream's workers.
        nonisolated(unsafe) let worker = worker
        let deliver: @MainActor (WorkerType.Output) -> Void = { output in
            // Checked on the main actor, where the lifetime ends: a task
            // cancelled by a render never delivers, even if `run()`
            // finished before it noticed.
            guard !Task.isCancelled else { return }
            sink.sendFromWorker(AnyWorkflowAction(sendingOutput: output))
        }
        // A main-actor task: `run()`, a nonisolated async function, runs
        // off the main actor all the same, and the task is back on it to
        // deliver.
        let task = Task(priority: .high) {
            nonisolated(unsafe) let output = await worker.run()
            deliver(output)
        }
        lifetime.onEnded { task.cancel() }
    }
}
