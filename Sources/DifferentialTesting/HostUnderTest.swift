#if canImport(Combine)
import Combine
#else
import OpenCombine
#endif
@_spi(WorkflowRuntimeConfig) import Workflow
@_spi(WorkflowRuntimeConfig) import WorkflowDiagnostics
import WorkflowHostHarness
import WorkflowReference

/// One host of one runtime over a test tree, type-erased to what the driver
/// needs: its rendering, updates with new root props, its log, release.
@MainActor
final class HostUnderTest {
    let kind: ComparedHost
    let log = FuzzLog()
    /// The host's render trace, when `kind.traced` (D1).
    private let trace: RenderTrace?
    private var currentRendering: () -> FuzzScreen
    private var updateRoot: (Int) -> Void
    private var releaseHost: () -> Void
    private var endTurn: () -> Void = {}
    private var cancelWatching: () -> Void = {}
    /// Set once the host's release began (R24: probes going then do nothing).
    private(set) var isReleasing = false

    var screen: FuzzScreen { currentRendering() }

    /// Runs once, from inside the output observer, at the next root output.
    var onNextOutput: (() -> Void)?

    private func whenOutput() {
        let action = onNextOutput
        onNextOutput = nil
        action?()
    }

    /// Builds the host for `tree` with root props `input`; logs go to `log`.
    init(_ kind: ComparedHost, tree: TreeSpec, input: Int) {
        self.kind = kind
        (currentRendering, updateRoot, releaseHost) = ({ fatalError("no host") }, { _ in }, {})
        trace = kind.traced ? RenderTrace() : nil
        FuzzLog.current = log
        log.driver = self
        let root = tree.root
        switch (root.kind, root.equatableProps, root.equatableState) {
        case (.stateful, true, true): start(tree, input) { FuzzNode<Eq, Eq>(spec: root, path: "/", input: $0) }
        case (.stateful, true, false): start(tree, input) { FuzzNode<Eq, Opaque>(spec: root, path: "/", input: $0) }
        case (.stateful, false, true): start(tree, input) { FuzzNode<Opaque, Eq>(spec: root, path: "/", input: $0) }
        case (.stateful, false, false): start(tree, input) { FuzzNode<Opaque, Opaque>(spec: root, path: "/", input: $0) }
        case (.stateless, true, _): start(tree, input) { StatelessNode<Eq>(spec: root, path: "/", input: $0) }
        case (.stateless, false, _): start(tree, input) { StatelessNode<Opaque>(spec: root, path: "/", input: $0) }
        case (.emptyLeaf, _, _): start(tree, input) { _ in EmptyLeaf() }
        }
    }

    private func start<W: Workflow>(_ tree: TreeSpec, _ input: Int, _ make: @escaping (Int) -> W)
        where W.Rendering == FuzzScreen, W.Output == String
    {
        if tree.rootInAnyWorkflow {
            host { AnyWorkflow(make($0)) }
        } else {
            host(make)
        }
        func host<Root: Workflow>(_ make: @escaping (Int) -> Root) where Root.Rendering == FuzzScreen, Root.Output == String {
            let observers: [WorkflowObserver] = kind.observed ? [FuzzObserver(log: log)] : []
            let debugger = kind.observed && tree.debugger ? FuzzDebugger(log: log) : nil
            let log = log
            let onlyIfStateChanged = tree.renderOnlyIfStateChanged
            let conflates = tree.conflatesBursts && kind.runtime != .reference
            log.comparesEveryState = onlyIfStateChanged
            let trace = trace
            var live: (any WorkflowHosting<Root>)? = Runtime.withConfiguration(override: {
                $0.renderSkipping = true
                $0.renderOnlyIfStateChanged = onlyIfStateChanged
                $0.renderTrace = trace
                // B4: the reference renders each send; it is the oracle.
                $0.conflateStaleRenderings = conflates
            }) {
                kind.runtime.makeHost(make(input), observers: observers, debugger: debugger)
            }
            var watch: HostObservation? = live!.observeOutputs { [unowned self] in
                log.outputs.append($0)
                whenOutput()
            }
            currentRendering = { live!.rendering }
            endTurn = {
                // B1: workers' sends waiting for the end of the turn apply now.
                if let fast = live as? WorkflowHost<Root> {
                    fast.endMainQueueTurn()
                } else if let reference = live as? ReferenceWorkflowHost<Root> {
                    reference.endMainQueueTurn()
                }
            }
            updateRoot = { live!.update(workflow: make($0)) }
            var published: HostObservation? = live!.observeRenderings { log.published.append(PublishedRendering($0)) }
            // Logs each published rendering until a probe cancels it (R24),
            // with how many the observer before it got this step: each
            // round calls the observers in the order they were added (R25).
            var watching: HostObservation? = live!.observeRenderings { _ in log.append("watched \(log.published.count)") }
            cancelWatching = { watching?.cancel() }
            // One subscriber of each publisher, after the observers: their
            // values in the same rounds, then their end with the host (R25).
            var subscribers: [AnyCancellable]? = [
                live!.renderingPublisher.sink(
                    receiveCompletion: { _ in log.append("publisher of renderings finished") },
                    receiveValue: { _ in log.append("publisher rendering") }
                ),
                live!.outputPublisher.sink(
                    receiveCompletion: { _ in log.append("publisher of outputs finished") },
                    receiveValue: { log.append("publisher output \($0)") }
                ),
            ]
            releaseHost = {
                do {
                    let released = (watch, published, watching, live)
                    watch = nil; published = nil; watching = nil; live = nil
                    withExtendedLifetime(released) {}
                }
                // Kept until the host is gone, so that their end shows.
                let cancelled = subscribers
                subscribers = nil
                withExtendedLifetime(cancelled) {}
            }
        }
    }

    /// The renders its render trace recorded since the last call, and
    /// whether each pass's nodes nest as a tree below one root; nil when the
    /// host records no trace.
    func takeTracedRenders() -> (renders: Int, nested: Bool)? {
        guard let trace else { return nil }
        let passes = trace.passes
        trace.removeAll()
        let renders = passes.reduce(0) { $0 + $1.rendered.count }
        let nested = passes.allSatisfy { pass in
            pass.nodes.isEmpty || (pass.nodes[0].depth == 0 && pass.nodes.dropFirst().allSatisfy { $0.depth > 0 })
        }
        return (renders, nested)
    }

    /// Runs `body` with this host's log as the current one.
    func drive(_ body: () -> Void) {
        FuzzLog.current = log
        body()
    }

    /// The main queue's turn ends: workers' sends waiting for it apply (B1).
    func endMainQueueTurn() {
        drive { endTurn() }
    }

    func update(input: Int) {
        drive { updateRoot(input) }
    }

    /// Cancels the observation that logs every published rendering.
    func cancelWatch() {
        cancelWatching()
    }

    /// Releases the host (R10): every node and side effect ends.
    func tearDown() {
        isReleasing = true
        drive { releaseHost() }
    }
}
