/// A `WorkflowNode`'s port: each cascade ends in `onOutput`, not a render.
final class WorkflowNodePort<WorkflowType: Workflow>: RootPort<WorkflowType> {
    let hasDebugger: Bool
    /// Called at the end of every cascade, while the tree lives.
    var onOutput: ((WorkflowNode<WorkflowType>.Output) -> Void)?

    init(runtime: FastRuntime, hasDebugger: Bool) {
        self.hasDebugger = hasDebugger
        super.init(runtime: runtime) { port, _, _ in
            unsafeDowncast(port, to: WorkflowNodePort<WorkflowType>.self).deliver()
        }
    }

    private func deliver() {
        guard !runtime.isTornDown else { return }
        onOutput?(WorkflowNode<WorkflowType>.Output(
            outputEvent: rootRoute?.takeOutput(),
            debugInfo: hasDebugger ? .cascade(path: runtime.cascadePath) : nil
        ))
    }
}
