#if canImport(Combine)
import Combine
#else
import OpenCombine
#endif
import Workflow
import WorkflowCombine
import WorkflowTesting

extension RenderTester {
    /// Expects the render to run a publisher of `Output` values under `key`
    /// (`running(in:key:)`, or `mapOutput(_:)` then `running(in:)`), whatever
    /// the publisher's type. It is not subscribed to; if `output` is given,
    /// the publisher "emits" it during the render, through the parent's real
    /// output mapping, and the resulting action is applied.
    ///
    /// ```swift
    /// .expectPublisher(producingOutput: 1, key: "ticks")
    /// .expectPublisher(producingOutput: Int?.none, key: "ticks")
    /// ```
    public func expectPublisher<Output>(
        producingOutput output: Output? = nil,
        key: String = ""
    ) -> RenderTester<WorkflowType> {
        expectWorkflow(
            type: PublisherWorkflow<Output>.self,
            key: key,
            producingRendering: (),
            producingOutput: output
        )
    }

    /// Expects the render to run a publisher of type `publisher` under
    /// `key`. The publisher's workflow is told apart by its output type
    /// only: any publisher of the same `Output` matches.
    public func expect<PublisherType: Publisher>(
        publisher: PublisherType.Type,
        producingOutput output: PublisherType.Output? = nil,
        key: String = ""
    ) -> RenderTester<WorkflowType> where PublisherType.Failure == Never {
        expectPublisher(producingOutput: output, key: key)
    }
}
