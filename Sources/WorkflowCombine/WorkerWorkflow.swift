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
/// effect, keyed by the identity, owns the subscription, so a new identity
/// subscribes anew and ends the old side effect, whose lifetime cancels the
/// old subscription. Removing the node ends the side effect too (WK3).
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
        // Declared on every render so that the sink the subscription holds
        // stays live for as long as the node does (R13).
        let sink = context.makeSink(of: AnyWorkflowAction<WorkerWorkflow<WorkerType>>.self)
        context.runSideEffect(key: state) { lifetime in
            let subscription = MainQueueSubscription(to: worker.run()) { output in
                sink.sendFromWorker(AnyWorkflowAction(sendingOutput: output))
            }
            lifetime.onEnded { subscription.end() }
        }
    }
}
