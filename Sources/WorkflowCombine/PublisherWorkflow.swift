#if canImport(Combine)
import Combine
#else
import OpenCombine
#endif
import Workflow

/// The node that runs a publisher given to `running(in:key:)`,
/// `mapOutput(_:)` or `asAnyWorkflow()`: it subscribes once, when it
/// starts, and sends each value as its output (WK1); its end cancels the
/// subscription (WK3).
///
/// Generic over the output only, so that a test can expect it without
/// naming the publisher's type (`expectPublisher(producingOutput:key:)`).
/// A publisher cannot be compared, so the publishers of later renders are
/// not subscribed to: the node keeps its first subscription, as an
/// always-equivalent worker would. Use another key, or a `Worker` with its
/// own `isEquivalent(to:)`, to start over.
@usableFromInline
package struct PublisherWorkflow<Output>: Workflow {
    @usableFromInline package typealias State = Void
    @usableFromInline package typealias Rendering = Void

    @usableFromInline
    package let publisher: AnyPublisher<Output, Never>

    @inlinable
    package init<Upstream: Publisher>(publisher: Upstream) where Upstream.Output == Output, Upstream.Failure == Never {
        self.publisher = publisher.eraseToAnyPublisher()
    }

    @inlinable
    package func render(state: Void, context: RenderContext<PublisherWorkflow<Output>>) {
        // Declared on every render: the subscription's sink stays live (R13).
        let sink = context.makeSink(of: AnyWorkflowAction<PublisherWorkflow<Output>>.self)
        context.runSideEffect(key: "") { lifetime in
            let subscription = MainQueueSubscription(to: publisher) { output in
                sink.sendFromWorker(AnyWorkflowAction(sendingOutput: output))
            }
            lifetime.onEnded { subscription.end() }
        }
    }
}
