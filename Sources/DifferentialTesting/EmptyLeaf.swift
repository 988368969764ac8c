import Workflow

/// A leaf with no stored properties: always equal to its previous value
/// (S2), so it re-renders only when its own state changes. It does not know
/// its path; its parent fills it in on its sinks.
public struct EmptyLeaf: Workflow {
    public typealias State = Int
    public typealias Output = String

    public func makeInitialState() -> Int { 0 }

    public func render(state: Int, context: RenderContext<EmptyLeaf>) -> FuzzScreen {
        let sink = context.makeSink(of: LeafAction.self)
        let ref = SinkRef(meta: SinkMeta(path: "", kind: "leaf", hasList: false, reachesRoot: true),
                          send: { sink.send(LeafAction(command: $0)) })
        return FuzzScreen(tree: RenderTree(label: "EmptyLeaf", state: String(state), children: []), sinks: [ref])
    }
}

public struct LeafAction: WorkflowAction {
    public typealias WorkflowType = EmptyLeaf
    var command: FuzzCommand

    public func apply(toState state: inout Int, context: ApplyContext<EmptyLeaf>) -> String? {
        let before = state
        // An Int state changes when its value does (S1).
        defer { if state != before { FuzzLog.current.stateChanged = true } }
        switch command {
        case .bump: state += 1
        case let .setCount(n): state = n
        case let .emit(n): return "e\(n)"
        case let .bumpAndEmit(n):
            state += 1
            return "e\(n)"
        default: break
        }
        return nil
    }
}
