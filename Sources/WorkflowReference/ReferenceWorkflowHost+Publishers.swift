#if canImport(Combine)
import Combine
#else
import OpenCombine
#endif
import Workflow

extension ReferenceWorkflowHost {
    /// The current rendering on subscription, then every published one,
    /// finished with the host: as `WorkflowHost.renderingPublisher` (R25).
    public var renderingPublisher: AnyPublisher<WorkflowType.Rendering, Never> {
        ReferencePublisher(list: core.renderingObservers, current: { [weak core] in
            guard let core, !core.runtime.isReleased else { return nil }
            return core.rendering
        }).eraseToAnyPublisher()
    }

    /// Every root output from subscription on, in order, no replay,
    /// finished with the host: as `WorkflowHost.outputPublisher` (R25).
    public var outputPublisher: AnyPublisher<WorkflowType.Output, Never> {
        ReferencePublisher(list: core.outputObservers, current: nil).eraseToAnyPublisher()
    }
}
