import Workflow

/// Writes one host's node events to its log: starts and ends (type and key
/// path, R6, R9), the actions applied with the state after (R17), and counts
/// render calls (S4 lets the fast runtime make fewer). Render calls are not
/// logged: only their number may differ between runtimes.
final class FuzzObserver: WorkflowObserver {
    let log: FuzzLog

    init(log: FuzzLog) {
        self.log = log
    }

    func sessionDidBegin(_ session: WorkflowSession) {
        log.append("start " + typeName(session.workflowType) + " " + keyPath(session))
    }

    func sessionDidEnd(_ session: WorkflowSession) {
        log.append("end " + typeName(session.workflowType) + " " + keyPath(session))
    }

    func workflowWillRender<WorkflowType: Workflow>(
        _ workflow: WorkflowType, state: WorkflowType.State, session: WorkflowSession
    ) -> ((WorkflowType.Rendering) -> Void)? {
        log.renders += 1
        return nil
    }

    func workflowDidReceiveAction<Action: WorkflowAction>(
        _ action: Action, workflow: Action.WorkflowType, session: WorkflowSession
    ) {
        log.append("receive " + typeName(Action.self) + " at " + keyPath(session))
    }

    func workflowWillApplyAction<Action: WorkflowAction>(
        _ action: Action, workflow: Action.WorkflowType, state: Action.WorkflowType.State, session: WorkflowSession
    ) -> ((Action.WorkflowType.State, Action.WorkflowType.Output?) -> Void)? {
        return { [log] after, output in
            log.append("apply at \(keyPath(session)) -> {\(after)} output \(output.map { "\($0)" } ?? "nil")")
        }
    }
}

/// `"\(type)"`, cached: printing a type demangles its name every time.
nonisolated(unsafe) private var typeNames: [ObjectIdentifier: String] = [:]

func typeName(_ type: Any.Type) -> String {
    if let name = typeNames[ObjectIdentifier(type)] { return name }
    let name = "\(type)"
    typeNames[ObjectIdentifier(type)] = name
    return name
}

/// The node's keys from the root down: `/c0/r3`, `/` for the root.
func keyPath(_ session: WorkflowSession) -> String {
    var keys: [String] = []
    var current: WorkflowSession? = session
    while let node = current, node.parent != nil {
        keys.append(node.renderKey.isEmpty ? "\"\"" : node.renderKey)
        current = node.parent
    }
    return "/" + keys.reversed().joined(separator: "/")
}

/// Records the debugger's view after each cascade or update (R21): the whole
/// tree's types and states, and where the update came from.
final class FuzzDebugger: WorkflowDebugger {
    let log: FuzzLog

    init(log: FuzzLog) {
        self.log = log
    }

    func didEnterInitialState(snapshot: WorkflowHierarchyDebugSnapshot) {
        log.snapshots.append("initial " + outline(snapshot))
    }

    func didUpdate(snapshot: WorkflowHierarchyDebugSnapshot, updateInfo: WorkflowUpdateDebugInfo) {
        log.snapshots.append("update \(updateInfo) " + outline(snapshot))
    }

    private func outline(_ snapshot: WorkflowHierarchyDebugSnapshot) -> String {
        var text = "\(snapshot.workflowType){\(snapshot.stateDescription)}"
        if !snapshot.children.isEmpty {
            text += "[" + snapshot.children.map { "\($0.key):" + outline($0.snapshot) }.joined(separator: ", ") + "]"
        }
        return text
    }
}
