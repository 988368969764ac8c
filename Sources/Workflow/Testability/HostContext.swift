/// What a host gives every node: its observer, its debugger and the runtime
/// configuration it was created with. The runtimes here keep these on the
/// runtime itself; this type exists for code written against the runtime's
/// `@testable` seam (a `WorkflowNode` is made with one).
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

    /// `body`'s value when there is a debugger, so that debug information is
    /// built only for one.
    func ifDebuggerEnabled<Value>(_ body: () -> Value) -> Value? {
        debugger == nil ? nil : body()
    }
}
