/// What a host gives its nodes, for the `@testable` seam's `WorkflowNode`.
struct HostContext {
    let observer: WorkflowObserver?
    let debugger: WorkflowDebugger?
    let runtimeConfig: Runtime.Configuration

    init(
        observer: WorkflowObserver?,
        debugger: WorkflowDebugger?,
        runtimeConfig: Runtime.Configuration = Runtime.configuration
    ) {
        self.observer = observer
        self.debugger = debugger
        self.runtimeConfig = runtimeConfig
    }

    /// `body`'s value, built only when there is a debugger.
    func ifDebuggerEnabled<Value>(_ body: () -> Value) -> Value? {
        debugger == nil ? nil : body()
    }
}
