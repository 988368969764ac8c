#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Workflow

/// The node that runs an `AsyncSequenceWorker`: it iterates the worker's
/// sequence and sends each element as an output.
///
/// Like `WorkerWorkflow`, its state is the identity of the current run and
/// its one side effect, keyed by that identity, owns the iterating task
/// (WK2, WK3).
@usableFromInline
package struct AsyncSequenceWorkerWorkflow<WorkerType: AsyncSequenceWorker>: Workflow {
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
    package func workflowDidChange(from previousWorkflow: AsyncSequenceWorkerWorkflow<WorkerType>, state: inout UUID) {
        if !worker.isEquivalent(to: previousWorkflow.worker) {
            state = UUID()
        }
    }

    @inlinable
    package func render(state: UUID, context: RenderContext<AsyncSequenceWorkerWorkflow<WorkerType>>) {
        // Declared on every render so that the sink the task holds stays
        // live for as long as the node does (R13).
        let sink = context.makeSink(of: AnyWorkflowAction<AsyncSequenceWorkerWorkflow<WorkerType>>.self)
        context.runSideEffect(key: state) { lifetime in
            start(sending: sink, until: lifetime)
        }
    }

    /// Iterates the sequence on the main actor (WK1), sending each element
    /// until the lifetime ends.
    @usableFromInline @MainActor
    func start(
        sending sink: Sink<AnyWorkflowAction<AsyncSequenceWorkerWorkflow<WorkerType>>>,
        until lifetime: Lifetime
    ) {
        let sequence = worker.run()
        let task = Task { @MainActor in
            do {
                for try await output in sequence {
                    // A sequence may still hand over an element it had
                    // buffered after the task was cancelled: drop it.
                    guard !Task.isCancelled else { return }
                    sink.sendFromWorker(AnyWorkflowAction(sendingOutput: output))
                }
            } catch {
                // An error caused by the cancellation of a removed worker
                // is not the author's mistake.
                guard !Task.isCancelled else { return }
                fatalError("AsyncSequenceWorker \(WorkerType.self) threw while running: \(MessageExcerpt.of(error)). The sequence of an AsyncSequenceWorker must not throw.")
            }
        }
        lifetime.onEnded { task.cancel() }
    }
}
