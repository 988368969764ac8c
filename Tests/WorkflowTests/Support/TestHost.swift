@_spi(WorkflowRuntimeConfig) import Workflow
import WorkflowReference

/// One host under test, whichever runtime `kind` names: the same members as
/// `WorkflowHost` and `ReferenceWorkflowHost`, plus recording helpers.
@MainActor
final class TestHost<W: Workflow> {
    private enum Backend {
        case fast(WorkflowHost<W>)
        case reference(ReferenceWorkflowHost<W>)
    }

    let kind: RuntimeKind
    private var backend: Backend?
    private var recordings: [HostObservation] = []

    /// Every rendering published since `recordRenderings()` (not the initial one).
    private(set) var publishedRenderings: [W.Rendering] = []
    /// Every root output delivered since `recordOutputs()`.
    private(set) var publishedOutputs: [W.Output] = []

    /// Builds the host. `configure` adjusts `Runtime.Configuration` for it
    /// (both runtimes read the configuration at init); `.fastNoSkipping`
    /// also turns render skipping off.
    init(
        _ kind: RuntimeKind,
        _ workflow: W,
        observers: [WorkflowObserver] = [],
        debugger: WorkflowDebugger? = nil,
        configure: ((inout Runtime.Configuration) -> Void)? = nil
    ) {
        self.kind = kind
        self.backend = Runtime.withConfiguration(override: { configuration in
            configure?(&configuration)
            if kind == .fastNoSkipping {
                configuration.renderSkipping = false
            }
        }) {
            switch kind {
            case .fast, .fastNoSkipping:
                return .fast(WorkflowHost(workflow: workflow, observers: observers, debugger: debugger))
            case .reference:
                return .reference(ReferenceWorkflowHost(workflow: workflow, observers: observers, debugger: debugger))
            }
        }
    }

    private var live: Backend {
        guard let backend else { fatalError("TestHost used after release()") }
        return backend
    }

    var rendering: W.Rendering {
        switch live {
        case let .fast(host): host.rendering
        case let .reference(host): host.rendering
        }
    }

    func update(workflow: W) {
        switch live {
        case let .fast(host): host.update(workflow: workflow)
        case let .reference(host): host.update(workflow: workflow)
        }
    }

    func observeRenderings(_ body: @escaping (W.Rendering) -> Void) -> HostObservation {
        switch live {
        case let .fast(host): host.observeRenderings(body)
        case let .reference(host): host.observeRenderings(body)
        }
    }

    func observeOutputs(_ body: @escaping (W.Output) -> Void) -> HostObservation {
        switch live {
        case let .fast(host): host.observeOutputs(body)
        case let .reference(host): host.observeOutputs(body)
        }
    }

    var renderings: AsyncStream<W.Rendering> {
        switch live {
        case let .fast(host): host.renderings
        case let .reference(host): host.renderings
        }
    }

    var outputs: AsyncStream<W.Output> {
        switch live {
        case let .fast(host): host.outputs
        case let .reference(host): host.outputs
        }
    }

    /// Records every published rendering into `publishedRenderings`.
    func recordRenderings() {
        recordings.append(observeRenderings { [unowned self] in publishedRenderings.append($0) })
    }

    /// Records every root output into `publishedOutputs`.
    func recordOutputs() {
        recordings.append(observeOutputs { [unowned self] in publishedOutputs.append($0) })
    }

    /// Releases the underlying host (R10). The TestHost must not be used after.
    func release() {
        recordings.removeAll()
        backend = nil
    }
}
