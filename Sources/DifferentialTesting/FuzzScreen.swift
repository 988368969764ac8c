/// The rendering of every test workflow: a plain structural tree, compared
/// with `==` across runtimes, and the sinks of the subtree, kept apart so
/// that the driver can send to them (they are not comparable values).
public struct FuzzScreen {
    public var tree: RenderTree
    public var sinks: [SinkRef]
    /// The probes of the subtree's states (R24): every rendering up to the
    /// root holds them, so that the host's rendering is the last to go.
    public var probes: [FuzzProbe] = []

    /// What `mapRendering` makes of a child's rendering.
    func mapped() -> FuzzScreen {
        FuzzScreen(tree: RenderTree(label: "mapped", state: "", children: [tree]), sinks: sinks, probes: probes)
    }
}

/// One node's part of a rendering: who it is, its state, its children's.
/// Each node renders its own state, so comparing renderings compares every
/// node's state.
public struct RenderTree: Equatable {
    public var label: String
    public var state: String
    public var children: [RenderTree]

    /// Indented text, one node per line, for diffs.
    public var lines: [String] {
        var result: [String] = []
        func walk(_ tree: RenderTree, _ depth: Int) {
            let state = tree.state.isEmpty ? "" : " {\(tree.state)}"
            result.append(String(repeating: "  ", count: depth) + tree.label + state)
            for child in tree.children { walk(child, depth + 1) }
        }
        walk(self, 0)
        return result
    }
}

/// A sink carried by a rendering, with where it came from.
public struct SinkRef {
    public var meta: SinkMeta
    /// Sends a command as this sink's action type.
    public var send: (FuzzCommand) -> Void
    /// Sends it as a worker's output would (B1); `send` for a sink that is
    /// not a node's own.
    public var sendFromWorker: (FuzzCommand) -> Void

    public init(meta: SinkMeta, send: @escaping (FuzzCommand) -> Void, sendFromWorker: ((FuzzCommand) -> Void)? = nil) {
        self.meta = meta
        self.send = send
        self.sendFromWorker = sendFromWorker ?? send
    }
}

public struct SinkMeta: Equatable, CustomStringConvertible {
    /// The key path of the node that made it ("" for `EmptyLeaf`, filled in
    /// by its parent, which knows where it rendered it).
    public var path: String
    /// `main`, `alt`, `any` (the `AnyWorkflowAction` sink, R14), `out` (an
    /// output sink) or `leaf`.
    public var kind: String
    /// Whether its node holds a keyed list.
    public var hasList: Bool
    /// Whether an output sent here climbs to the root's output.
    public var reachesRoot: Bool

    public var description: String { "\(kind)@\(path.isEmpty ? "/" : path)\(reachesRoot ? "^" : "")" }
}
