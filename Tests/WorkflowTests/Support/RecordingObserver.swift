import Workflow

/// How a session is written in the logs: its type, then its key if any
/// ("Node A", or "Root" for the root's empty key).
func describe(_ session: WorkflowSession) -> String {
    let type = "\(session.workflowType)"
    return session.renderKey.isEmpty ? type : "\(type) \(session.renderKey)"
}

/// A `WorkflowObserver` that writes every hook to an `EventLog`:
///
/// - `begin T k` / `end T k`: `sessionDidBegin` / `sessionDidEnd`
/// - `initialState T k <state>`: `workflowDidMakeInitialState`
/// - `render T k` / `rendered T k`: `workflowWillRender` and its completion
/// - `didChange T k <state>`: `workflowDidChange(from:to:state:session:)`
/// - `receive T k`: `workflowDidReceiveAction`
/// - `willApply T k <state>` / `applied T k <state> -> <output>`:
///   `workflowWillApplyAction` and its completion
///
/// `prefix` tells several chained observers apart.
final class RecordingObserver: WorkflowObserver {
    let log: EventLog
    let prefix: String
    private(set) var sessions: [WorkflowSession] = []
    private(set) var changes: [(old: Any, new: Any)] = []
    private(set) var actions: [Any] = []

    init(log: EventLog = EventLog.current, prefix: String = "") {
        self.log = log
        self.prefix = prefix
    }

    private func write(_ entry: String) {
        log.append(prefix + entry)
    }

    func sessionDidBegin(_ session: WorkflowSession) {
        sessions.append(session)
        write("begin \(describe(session))")
    }

    func sessionDidEnd(_ session: WorkflowSession) {
        write("end \(describe(session))")
    }

    func workflowDidMakeInitialState<WorkflowType: Workflow>(
        _ workflow: WorkflowType,
        initialState: WorkflowType.State,
        session: WorkflowSession
    ) {
        write("initialState \(describe(session)) \(initialState)")
    }

    func workflowWillRender<WorkflowType: Workflow>(
        _ workflow: WorkflowType,
        state: WorkflowType.State,
        session: WorkflowSession
    ) -> ((WorkflowType.Rendering) -> Void)? {
        write("render \(describe(session))")
        return { [self] _ in write("rendered \(describe(session))") }
    }

    func workflowDidChange<WorkflowType: Workflow>(
        from oldWorkflow: WorkflowType,
        to newWorkflow: WorkflowType,
        state: WorkflowType.State,
        session: WorkflowSession
    ) {
        changes.append((oldWorkflow, newWorkflow))
        write("didChange \(describe(session)) \(state)")
    }

    func workflowDidReceiveAction<Action: WorkflowAction>(
        _ action: Action,
        workflow: Action.WorkflowType,
        session: WorkflowSession
    ) {
        actions.append(action)
        write("receive \(describe(session))")
    }

    func workflowWillApplyAction<Action: WorkflowAction>(
        _ action: Action,
        workflow: Action.WorkflowType,
        state: Action.WorkflowType.State,
        session: WorkflowSession
    ) -> ((Action.WorkflowType.State, Action.WorkflowType.Output?) -> Void)? {
        write("willApply \(describe(session)) \(state)")
        return { [self] newState, output in
            let shown = output.map { "\($0)" } ?? "nil"
            write("applied \(describe(session)) \(newState) -> \(shown)")
        }
    }
}

/// A `WorkflowDebugger` that keeps every snapshot and update info, writes
/// `debugger initial` / `debugger update` to the log, and can run a hook on
/// each update (to send from inside the debugger, R15).
final class RecordingDebugger: WorkflowDebugger {
    let log: EventLog
    private(set) var initialSnapshots: [WorkflowHierarchyDebugSnapshot] = []
    private(set) var updates: [(snapshot: WorkflowHierarchyDebugSnapshot, info: WorkflowUpdateDebugInfo)] = []
    var onUpdate: (() -> Void)?

    init(log: EventLog = EventLog.current) {
        self.log = log
    }

    func didEnterInitialState(snapshot: WorkflowHierarchyDebugSnapshot) {
        initialSnapshots.append(snapshot)
        log.append("debugger initial")
    }

    func didUpdate(snapshot: WorkflowHierarchyDebugSnapshot, updateInfo: WorkflowUpdateDebugInfo) {
        updates.append((snapshot, updateInfo))
        log.append("debugger update")
        onUpdate?()
    }
}

extension WorkflowHierarchyDebugSnapshot {
    /// The snapshot as one line: `Type{state}[key:Type{state}, ...]`, an
    /// empty key written `""`.
    var outline: String {
        var text = "\(workflowType){\(stateDescription)}"
        if !children.isEmpty {
            let parts = children.map { child in
                "\(child.key.isEmpty ? "\"\"" : child.key):\(child.snapshot.outline)"
            }
            text += "[\(parts.joined(separator: ", "))]"
        }
        return text
    }
}
