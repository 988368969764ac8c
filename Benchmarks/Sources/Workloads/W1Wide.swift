import WorkflowHostHarness

// W1: host creation and first render of a root with 1,000 leaves; the
// teardown measured apart; W1c: update(workflow:) changing every leaf.

/// W1 teardown: `prepare` creates a host (unmeasured), `run` releases it.
final class WideTeardownOnHost<Host: WorkflowHosting>: WorkloadOperation where Host.WorkflowType == WideRoot {
    private let root: WideRoot
    private var host: Host?
    private weak var released: Host?
    private var lastRendering: [LeafScreen] = []

    init(count: Int) { root = WideRoot(count: count, generation: 0) }

    var needsPreparation: Bool { true }
    func prepare() {
        let host = Host(workflow: root)
        lastRendering = host.rendering
        released = host
        self.host = host
    }

    func run() { host = nil }

    func check() -> String? {
        if released != nil { return "the host outlived its release" }
        return checkWide(lastRendering, count: root.count, generation: 0)
    }
}

/// W1c: `update(workflow:)` with a new generation, which changes the props
/// of every leaf, so every leaf renders again.
final class WideRerenderOnHost<Host: WorkflowHosting>: WorkloadOperation where Host.WorkflowType == WideRoot {
    private let host: Host
    private let roots: [WideRoot]
    private var generation = 0

    init(count: Int) {
        host = Host(workflow: WideRoot(count: count, generation: 0))
        roots = [WideRoot(count: count, generation: 0), WideRoot(count: count, generation: 1)]
    }

    func run() {
        generation ^= 1
        host.update(workflow: roots[generation])
        blackHole(host.rendering)
    }

    func check() -> String? {
        checkWide(host.rendering, count: roots[0].count, generation: generation)
    }
}

/// Vanilla W1 / W1c: the rendering array made by `vanillaWideRendering`;
/// teardown releases it.
final class WideVanilla: WorkloadOperation {
    enum Kind { case firstRender, teardown, rerender }
    private let kind: Kind
    private let count: Int
    private var screens: [LeafScreen]?
    private var generation = 0

    init(kind: Kind, count: Int) {
        self.kind = kind
        self.count = count
        if kind == .rerender { screens = vanillaWideRendering(count: count, generation: 0) }
    }

    var needsPreparation: Bool { kind != .rerender }
    func prepare() {
        screens = kind == .teardown ? vanillaWideRendering(count: count, generation: 0) : nil
    }

    func run() {
        switch kind {
        case .firstRender:
            screens = vanillaWideRendering(count: count, generation: 0)
        case .teardown:
            screens = nil
        case .rerender:
            generation ^= 1
            screens = vanillaWideRendering(count: count, generation: generation)
        }
    }

    func check() -> String? {
        if kind == .teardown { return screens == nil ? nil : "the rendering outlived its release" }
        guard let screens else { return "nothing rendered" }
        return checkWide(screens, count: count, generation: generation)
    }
}
