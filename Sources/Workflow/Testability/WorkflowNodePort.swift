/// A `WorkflowNode`'s port: the end of each cascade hands `onOutput` the
/// root's output, if any, and the debug information when there is a
/// debugger; the tree renders only when asked, so the port renders nothing.
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
