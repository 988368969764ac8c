#if canImport(Combine)
import Combine
#else
import OpenCombine
#endif
@_spi(WorkflowRuntimeConfig) import Workflow
import WorkflowDiagnostics

/// A host for tests, of whichever runtime `kind` names: the members of
/// `WorkflowHosting`, plus recording of what it publishes and an explicit
/// `release()`.
@MainActor
public final class TestHost<W: Workflow> {
    public let kind: RuntimeKind
    private var host: (any WorkflowHosting<W>)?
    private var recordings: [HostObservation] = []

    /// Every rendering published since `recordRenderings()` (not the initial one).
    public private(set) var publishedRenderings: [W.Rendering] = []
    /// Every root output delivered since `recordOutputs()`.
    public private(set) var publishedOutputs: [W.Output] = []

    /// Starts `workflow` on the runtime `kind` names (`RuntimeKind.makeHost`).
    public convenience init(
        _ kind: RuntimeKind,
        _ workflow: W,
        observers: [WorkflowObserver] = [],
        debugger: WorkflowDebugger? = nil
    ) {
        self.init(kind, workflow, observers: observers, debugger: debugger, configuration: nil)
    }

    /// Starts `workflow` with `configure`'s changes to the runtime
    /// configuration, which both runtimes read when a host is made.
    @_spi(WorkflowRuntimeConfig)
    public convenience init(
        _ kind: RuntimeKind,
        _ workflow: W,
        observers: [WorkflowObserver] = [],
        debugger: WorkflowDebugger? = nil,
        configure: @escaping (inout Runtime.Configuration) -> Void
    ) {
        self.init(kind, workflow, observers: observers, debugger: debugger, configuration: configure)
    }

    private init(
        _ kind: RuntimeKind,
        _ workflow: W,
        observers: [WorkflowObserver],
        debugger: WorkflowDebugger?,
        configuration: ((inout Runtime.Configuration) -> Void)?
    ) {
        self.kind = kind
        host = Runtime.withConfiguration(override: configuration) {
            kind.makeHost(workflow, observers: observers, debugger: debugger)
        }
    }

    private var live: any WorkflowHosting<W> {
        guard let host else { fatalError("TestHost used after release()") }
        return host
    }

    public var rendering: W.Rendering { live.rendering }

    public func update(workflow: W) { live.update(workflow: workflow) }

    public func observeRenderings(_ body: @escaping (W.Rendering) -> Void) -> HostObservation {
        live.observeRenderings(body)
    }

    public func observeOutputs(_ body: @escaping (W.Output) -> Void) -> HostObservation {
        live.observeOutputs(body)
    }

    public var renderings: AsyncStream<W.Rendering> { live.renderings }

    public var outputs: AsyncStream<W.Output> { live.outputs }

    public var renderingPublisher: AnyPublisher<W.Rendering, Never> { live.renderingPublisher }

    public var outputPublisher: AnyPublisher<W.Output, Never> { live.outputPublisher }

    /// The trace the host records into (D1), or nil.
    public var renderTrace: RenderTrace? { live.renderTrace }

    /// The host's last finished pass, when it records a render trace (D1).
    public var lastRenderPass: RenderTrace.Pass? { live.lastRenderPass }

    /// Records every published rendering into `publishedRenderings`.
    public func recordRenderings() {
        recordings.append(observeRenderings { [unowned self] in publishedRenderings.append($0) })
    }

    /// Records every root output into `publishedOutputs`.
    public func recordOutputs() {
        recordings.append(observeOutputs { [unowned self] in publishedOutputs.append($0) })
    }

    /// Releases the host: every node and side effect ends (R10). The
    /// TestHost must not be used after.
    public func release() {
        // Taken out first: the release runs user code (R24), which may use
        // this TestHost again.
        let released = (host, recordings)
        recordings = []
        host = nil
        withExtendedLifetime(released) {}
    }
}
