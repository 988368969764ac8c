#if canImport(Combine)
import Combine
#else
import OpenCombine
#endif
import Workflow
import WorkflowDiagnostics
import WorkflowReference

/// What `WorkflowHost` and `ReferenceWorkflowHost` have in common: code
/// written once against it runs a tree on either runtime.
///
/// Benchmarks stay generic over a concrete host type so that every call is
/// specialised; tests and the differential tester, which choose the runtime
/// at run time, hold an `any WorkflowHosting<W>` from `RuntimeKind.makeHost`.
public protocol WorkflowHosting<WorkflowType>: AnyObject {
    associatedtype WorkflowType: Workflow

    /// Starts the tree of `workflow` and renders it once, reading the
    /// runtime configuration in force.
    init(workflow: WorkflowType, observers: [WorkflowObserver], debugger: WorkflowDebugger?)

    /// The latest rendering of the root.
    var rendering: WorkflowType.Rendering { get }

    /// Gives the root a new workflow value and renders (R19).
    func update(workflow: WorkflowType)

    /// Calls `body` with each published rendering until the observation ends.
    func observeRenderings(_ body: @escaping (WorkflowType.Rendering) -> Void) -> HostObservation

    /// Calls `body` with each root output until the observation ends.
    func observeOutputs(_ body: @escaping (WorkflowType.Output) -> Void) -> HostObservation

    /// The current rendering, then the renderings published from now on,
    /// only the newest kept for a slow consumer.
    var renderings: AsyncStream<WorkflowType.Rendering> { get }

    /// The root's outputs from now on, every one.
    var outputs: AsyncStream<WorkflowType.Output> { get }

    /// The current rendering on subscription, then every published one.
    var renderingPublisher: AnyPublisher<WorkflowType.Rendering, Never> { get }

    /// The root's outputs from subscription on.
    var outputPublisher: AnyPublisher<WorkflowType.Output, Never> { get }

    /// The trace the host records into (D1), or nil.
    var renderTrace: RenderTrace? { get }

    /// The host's last finished pass, when it records a render trace (D1).
    var lastRenderPass: RenderTrace.Pass? { get }
}

extension WorkflowHosting {
    /// Starts the tree of `workflow` with no observer and no debugger.
    @inlinable
    public init(workflow: WorkflowType) {
        self.init(workflow: workflow, observers: [], debugger: nil)
    }
}

extension WorkflowHost: WorkflowHosting {}

extension ReferenceWorkflowHost: WorkflowHosting {}
