/// Lets an app add or replace the observers of every host it creates.
@_spi(WorkflowGlobalObservation)
public protocol ObserversInterceptor {
    /// The observers a host uses, given the ones it was created with.
    func workflowObservers(for initialObservers: [WorkflowObserver]) -> [WorkflowObserver]
}

/// Where the shared interceptor is set.
@_spi(WorkflowGlobalObservation)
public enum WorkflowObservation {
    nonisolated(unsafe) private static var interceptor: ObserversInterceptor = PassThroughObserversInterceptor()

    /// The interceptor of hosts made from now on; `nil` restores the default.
    public static var sharedObserversInterceptor: ObserversInterceptor! {
        get { interceptor }
        set { interceptor = newValue ?? PassThroughObserversInterceptor() }
    }
}

private struct PassThroughObserversInterceptor: ObserversInterceptor {
    func workflowObservers(for initialObservers: [WorkflowObserver]) -> [WorkflowObserver] {
        initialObservers
    }
}

extension ChainedWorkflowObserver {
    /// A new host's one observer, after the interceptor; nil when none.
    package static func forHost(with observers: [WorkflowObserver]) -> WorkflowObserver? {
        chain(WorkflowObservation.sharedObserversInterceptor.workflowObservers(for: observers))
    }
}
