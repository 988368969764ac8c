import WorkflowHostHarness

/// W1 / W2 first render: `prepare` releases the previous host (unmeasured),
/// `run` creates a host for `root` and reads its first rendering; `check`
/// judges the last rendering with the workload's own test.
final class FirstRenderOnHost<Host: WorkflowHosting>: WorkloadOperation {
    private let root: Host.WorkflowType
    private let checkRendering: (Host.WorkflowType.Rendering) -> String?
    private var host: Host?

    init(root: Host.WorkflowType, check: @escaping (Host.WorkflowType.Rendering) -> String?) {
        self.root = root
        checkRendering = check
    }

    var needsPreparation: Bool { true }
    func prepare() { host = nil }

    func run() {
        let host = Host(workflow: root)
        blackHole(host.rendering)
        self.host = host
    }

    func check() -> String? {
        guard let host else { return "no host was created" }
        return checkRendering(host.rendering)
    }
}
