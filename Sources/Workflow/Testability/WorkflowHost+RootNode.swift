extension WorkflowHost {
    /// The host's root as code written against the runtime's `@testable`
    /// seam inspects it: the observer its nodes report to.
    var rootNode: HostRootNode {
        HostRootNode(observer: port.runtime.observer)
    }

    /// What the host gives its nodes: the observer, the debugger and the
    /// configuration read when the host was created.
    var context: HostContext {
        HostContext(observer: port.runtime.observer, debugger: port.debugger, runtimeConfig: port.runtime.configuration)
    }
}

/// What `WorkflowHost.rootNode` tells: the one observer the host's nodes
/// report to (nil, the single observer given, or a chain of several).
struct HostRootNode {
    let observer: WorkflowObserver?
}
