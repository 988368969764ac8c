@_spi(WorkflowRuntimeConfig) import Workflow
import WorkflowReference

/// A host of the runtime `kind` names, with the members the worker tests
/// use. `release()` drops the host, ending every node (R10).
@MainActor
final class TestHost<W: Workflow> {
    private enum Backend {
        case fast(WorkflowHost<W>)
        case reference(ReferenceWorkflowHost<W>)
    }

    let kind: RuntimeKind
    private var backend: Backend?
    private var observations: [HostObservation] = []

    /// Every rendering published after the host was made.
    private(set) var publishedRenderings: [W.Rendering] = []

    init(_ kind: RuntimeKind, _ workflow: W) {
        self.kind = kind
        self.backend = Runtime.withConfiguration(override: { configuration in
            if kind == .fastNoSkipping {
                configuration.renderSkipping = false
            }
        }) {
            switch kind {
            case .fast, .fastNoSkipping:
                .fast(WorkflowHost(workflow: workflow))
            case .reference:
                .reference(ReferenceWorkflowHost(workflow: workflow))
            }
        }
        let observation: HostObservation = switch live {
        case let .fast(host): host.observeRenderings { [unowned self] in publishedRenderings.append($0) }
        case let .reference(host): host.observeRenderings { [unowned self] in publishedRenderings.append($0) }
        }
        observations.append(observation)
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

    func release() {
        observations.removeAll()
        backend = nil
    }
}
