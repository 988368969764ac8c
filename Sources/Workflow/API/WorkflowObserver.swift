/// Receives each node's events; hooks default to no-ops, run in order (R20).
public protocol WorkflowObserver {
    /// A node started.
    func sessionDidBegin(_ session: WorkflowSession)

    /// A node ended.
    func sessionDidEnd(_ session: WorkflowSession)

    /// A node made its initial state.
    func workflowDidMakeInitialState<WorkflowType: Workflow>(
        _ workflow: WorkflowType,
        initialState: WorkflowType.State,
        session: WorkflowSession
    )

    /// A node will render; the returned closure gets the rendering when done.
    func workflowWillRender<WorkflowType: Workflow>(
        _ workflow: WorkflowType,
        state: WorkflowType.State,
        session: WorkflowSession
    ) -> ((WorkflowType.Rendering) -> Void)?

    /// A node got a new workflow value; `state` is after `workflowDidChange`.
    func workflowDidChange<WorkflowType: Workflow>(
        from oldWorkflow: WorkflowType,
        to newWorkflow: WorkflowType,
        state: WorkflowType.State,
        session: WorkflowSession
    )

    /// A node got an action from a sink (not from a child's output).
    func workflowDidReceiveAction<Action: WorkflowAction>(
        _ action: Action,
        workflow: Action.WorkflowType,
        session: WorkflowSession
    )

    /// An action will apply; the returned closure gets its state and output.
    func workflowWillApplyAction<Action: WorkflowAction>(
        _ action: Action,
        workflow: Action.WorkflowType,
        state: Action.WorkflowType.State,
        session: WorkflowSession
    ) -> ((Action.WorkflowType.State, Action.WorkflowType.Output?) -> Void)?
}

extension WorkflowObserver {
    public func sessionDidBegin(_ session: WorkflowSession) {}

    public func sessionDidEnd(_ session: WorkflowSession) {}

    public func workflowDidMakeInitialState<WorkflowType: Workflow>(
        _ workflow: WorkflowType,
        initialState: WorkflowType.State,
        session: WorkflowSession
    ) {}

    public func workflowWillRender<WorkflowType: Workflow>(
        _ workflow: WorkflowType,
        state: WorkflowType.State,
        session: WorkflowSession
    ) -> ((WorkflowType.Rendering) -> Void)? { nil }

    public func workflowDidChange<WorkflowType: Workflow>(
        from oldWorkflow: WorkflowType,
        to newWorkflow: WorkflowType,
        state: WorkflowType.State,
        session: WorkflowSession
    ) {}

    public func workflowDidReceiveAction<Action: WorkflowAction>(
        _ action: Action,
        workflow: Action.WorkflowType,
        session: WorkflowSession
    ) {}

    public func workflowWillApplyAction<Action: WorkflowAction>(
        _ action: Action,
        workflow: Action.WorkflowType,
        state: Action.WorkflowType.State,
        session: WorkflowSession
    ) -> ((Action.WorkflowType.State, Action.WorkflowType.Output?) -> Void)? { nil }
}

/// Several observers behind one: hooks in order, completions in reverse.
package final class ChainedWorkflowObserver: WorkflowObserver {
    let observers: [WorkflowObserver]

    package init(_ observers: [WorkflowObserver]) {
        self.observers = observers
    }

    /// The name code written against the runtime's `@testable` seam uses.
    convenience init(observers: [WorkflowObserver]) {
        self.init(observers)
    }

    /// One observer for a host's list, or nil when there is none.
    package static func chain(_ observers: [WorkflowObserver]) -> WorkflowObserver? {
        observers.count <= 1 ? observers.first : ChainedWorkflowObserver(observers)
    }

    package func sessionDidBegin(_ session: WorkflowSession) {
        for observer in observers { observer.sessionDidBegin(session) }
    }

    package func sessionDidEnd(_ session: WorkflowSession) {
        for observer in observers { observer.sessionDidEnd(session) }
    }

    package func workflowDidMakeInitialState<WorkflowType: Workflow>(
        _ workflow: WorkflowType, initialState: WorkflowType.State, session: WorkflowSession
    ) {
        for observer in observers {
            observer.workflowDidMakeInitialState(workflow, initialState: initialState, session: session)
        }
    }

    package func workflowWillRender<WorkflowType: Workflow>(
        _ workflow: WorkflowType, state: WorkflowType.State, session: WorkflowSession
    ) -> ((WorkflowType.Rendering) -> Void)? {
        let completions = observers.compactMap { $0.workflowWillRender(workflow, state: state, session: session) }
        if completions.isEmpty { return nil }
        return { rendering in
            for completion in completions.reversed() { completion(rendering) }
        }
    }

    package func workflowDidChange<WorkflowType: Workflow>(
        from oldWorkflow: WorkflowType, to newWorkflow: WorkflowType, state: WorkflowType.State, session: WorkflowSession
    ) {
        for observer in observers {
            observer.workflowDidChange(from: oldWorkflow, to: newWorkflow, state: state, session: session)
        }
    }

    package func workflowDidReceiveAction<Action: WorkflowAction>(
        _ action: Action, workflow: Action.WorkflowType, session: WorkflowSession
    ) {
        for observer in observers {
            observer.workflowDidReceiveAction(action, workflow: workflow, session: session)
        }
    }

    package func workflowWillApplyAction<Action: WorkflowAction>(
        _ action: Action, workflow: Action.WorkflowType, state: Action.WorkflowType.State, session: WorkflowSession
    ) -> ((Action.WorkflowType.State, Action.WorkflowType.Output?) -> Void)? {
        let completions = observers.compactMap {
            $0.workflowWillApplyAction(action, workflow: workflow, state: state, session: session)
        }
        if completions.isEmpty { return nil }
        return { state, output in
            for completion in completions.reversed() { completion(state, output) }
        }
    }
}
