@_spi(WorkflowGlobalObservation) import Workflow

/// A reference host's observers as one (R20): each hook goes to every
/// observer in the order they were given; the completions they return run
/// in the reverse order.
final class ReferenceObserverChain: WorkflowObserver {
    private let observers: [WorkflowObserver]

    /// The chain of a host made with `observers`, after the shared
    /// interceptor had its say; nil when no observer is left, so that the
    /// host makes no sessions.
    static func forHost(with observers: [WorkflowObserver]) -> ReferenceObserverChain? {
        let kept = WorkflowObservation.sharedObserversInterceptor.workflowObservers(for: observers)
        return kept.isEmpty ? nil : ReferenceObserverChain(observers: kept)
    }

    private init(observers: [WorkflowObserver]) {
        self.observers = observers
    }

    func sessionDidBegin(_ session: WorkflowSession) {
        for observer in observers {
            observer.sessionDidBegin(session)
        }
    }

    func sessionDidEnd(_ session: WorkflowSession) {
        for observer in observers {
            observer.sessionDidEnd(session)
        }
    }

    func workflowDidMakeInitialState<WorkflowType: Workflow>(
        _ workflow: WorkflowType, initialState: WorkflowType.State, session: WorkflowSession
    ) {
        for observer in observers {
            observer.workflowDidMakeInitialState(workflow, initialState: initialState, session: session)
        }
    }

    func workflowWillRender<WorkflowType: Workflow>(
        _ workflow: WorkflowType, state: WorkflowType.State, session: WorkflowSession
    ) -> ((WorkflowType.Rendering) -> Void)? {
        var completions: [(WorkflowType.Rendering) -> Void] = []
        for observer in observers {
            if let completion = observer.workflowWillRender(workflow, state: state, session: session) {
                completions.append(completion)
            }
        }
        return { rendering in
            for completion in completions.reversed() {
                completion(rendering)
            }
        }
    }

    func workflowDidChange<WorkflowType: Workflow>(
        from oldWorkflow: WorkflowType, to newWorkflow: WorkflowType, state: WorkflowType.State, session: WorkflowSession
    ) {
        for observer in observers {
            observer.workflowDidChange(from: oldWorkflow, to: newWorkflow, state: state, session: session)
        }
    }

    func workflowDidReceiveAction<Action: WorkflowAction>(
        _ action: Action, workflow: Action.WorkflowType, session: WorkflowSession
    ) {
        for observer in observers {
            observer.workflowDidReceiveAction(action, workflow: workflow, session: session)
        }
    }

    func workflowWillApplyAction<Action: WorkflowAction>(
        _ action: Action, workflow: Action.WorkflowType, state: Action.WorkflowType.State, session: WorkflowSession
    ) -> ((Action.WorkflowType.State, Action.WorkflowType.Output?) -> Void)? {
        var completions: [(Action.WorkflowType.State, Action.WorkflowType.Output?) -> Void] = []
        for observer in observers {
            if let completion = observer.workflowWillApplyAction(action, workflow: workflow, state: state, session: session) {
                completions.append(completion)
            }
        }
        return { state, output in
            for completion in completions.reversed() {
                completion(state, output)
            }
        }
    }
}
