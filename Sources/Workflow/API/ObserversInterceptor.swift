/// Lets an app add observers to every host it creates, or replace them:
/// each host passes the observers it was given through the shared
/// interceptor when it is created.
@_spi(WorkflowGlobalObservation)
public protocol ObserversInterceptor {
    /// The observers a host uses, given the ones it was created with.
    func workflowObservers(for initialObservers: [WorkflowObserver]) -> [WorkflowObserver]
}

/// Where the shared interceptor is set.
@_spi(WorkflowGlobalObservation)
public enum WorkflowObservation {
    nonisolated(unsafe) private static var interceptor: ObserversInterceptor = PassThroughObserversInterceptor()

    /// The interceptor every host created from now on uses; setting `nil`
    /// restores the default, which keeps a host's observers as they are.
    public static var sharedObserversInterceptor: ObserversInterceptor! {
        get { interceptor }
        set { interceptor = newValue ?? PassThroughObserversInterceptor() }
    }
}

/// The default interceptor: a host keeps the observers it was given.
private struct PassThroughObserversInterceptor: ObserversInterceptor {
    func workflowObservers(for initialObservers: [WorkflowObserver]) -> [WorkflowObserver] {
        initialObservers
    }
}

extension ChainedWorkflowObserver {
    /// The one observer of a host created with `observers`, after the shared
    /// interceptor had its say; nil when there is none.
    package static func forHost(with observers: [WorkflowObserver]) -> WorkflowObserver? {
        chain(WorkflowObservation.sharedObserversInterceptor.workflowObservers(for: observers))
    }
}
