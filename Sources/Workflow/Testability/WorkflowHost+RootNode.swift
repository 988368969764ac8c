extension WorkflowHost {
    /// The host's root, for the `@testable` seam: its nodes' observer.
    var rootNode: HostRootNode {
        HostRootNode(observer: port.runtime.observer)
    }

    /// What the host gives its nodes, configuration as at its creation.
    var context: HostContext {
        HostContext(observer: port.runtime.observer, debugger: port.debugger, runtimeConfig: port.runtime.configuration)
    }
}

/// `WorkflowHost.rootNode`: the host's one observer (maybe a chain), or nil.
struct HostRootNode {
    let observer: WorkflowObserver?
}
