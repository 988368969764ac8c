/// The description of a random workflow tree: which generic test workflow
/// each node is, how its parent renders it, what it runs. The generator draws
/// one from a profile; the shrinker simplifies it; the repro printer writes
/// it back as a Swift literal. Everything the test workflows do is decided
/// here or by their state, never by chance at run time.
public struct TreeSpec: Equatable, Sendable {
    public var root: NodeSpec
    /// Whether the host's root is `AnyWorkflow(root)` (R3: one more node).
    public var rootInAnyWorkflow: Bool
    /// Whether the hosts get a debugger whose snapshots are compared (R21).
    /// Off in most cases: a snapshot of the whole tree per cascade is costly.
    public var debugger: Bool
    /// `Runtime.Configuration.renderOnlyIfStateChanged` for every host: a
    /// cascade that changed no state renders nothing, in every runtime.
    public var renderOnlyIfStateChanged: Bool
    /// The fast hosts render bursts once (B1-B4) and are compared with the
    /// reference rendering each send on its own, as B4 says.
    public var conflatesBursts: Bool

    public init(root: NodeSpec, rootInAnyWorkflow: Bool = false, debugger: Bool = false,
                renderOnlyIfStateChanged: Bool = false, conflatesBursts: Bool = false) {
        self.root = root
        self.rootInAnyWorkflow = rootInAnyWorkflow
        self.debugger = debugger
        self.renderOnlyIfStateChanged = renderOnlyIfStateChanged
        self.conflatesBursts = conflatesBursts
    }

    /// How many nodes the tree starts with (the shrinker's size measure).
    public var nodeCount: Int { root.nodeCount }
}

/// One node of a `TreeSpec`, with the edge its parent renders it through.
public struct NodeSpec: Equatable, Sendable {
    /// Which generic test workflow the node is.
    public enum Kind: String, Equatable, Sendable {
        /// `FuzzNode<Props, State>`: a state with a counter, sink toggles,
        /// optional children and maybe a keyed list.
        case stateful
        /// `StatelessNode<Props>`: `State == Void`.
        case stateless
        /// `EmptyLeaf`: no stored properties (always equal, S2), an Int state.
        case emptyLeaf
    }

    /// How the parent wraps the child before rendering it (R2: no node).
    public enum Wrap: String, Equatable, Sendable {
        case plain, anyWorkflow, mapRendering
    }

    /// How the child's outputs reach the parent.
    public enum Route: String, Equatable, Sendable, CaseIterable {
        /// `rendered(in:key:outputMap:)` into the parent's action enum.
        case outputMap
        /// `onOutput { state, output in ... }`: an `AnyWorkflowAction`.
        case onOutput
        /// `mapOutput { ... }` then `outputMap`.
        case mapOutput
        /// `ignoringOutput()`: one more node, outputs dropped.
        case ignoringOutput
    }

    public var kind: Kind
    /// Whether the workflow value is `Equatable` (S2 may skip it).
    public var equatableProps: Bool
    /// Whether the state is `Equatable` (S1 compares it); stateful only.
    public var equatableState: Bool
    /// Runs side effects keyed by its state, one of them async (R26),
    /// logging their starts and ends.
    public var sideEffect: Bool
    /// Passes its children's outputs on to its parent.
    public var forwards: Bool

    // The edge from the parent.
    public var wrap: Wrap
    public var route: Route
    /// Rendered only while the parent's state shows its optional children;
    /// while hidden, an `EmptyLeaf` takes its key (`standIn`).
    public var optional: Bool
    /// Gets its props from the parent's state (else a constant).
    public var inheritsProps: Bool
    /// Writes its props into the output maps it gives its children (R7).
    /// Off for bursts (B4): a burst's outputs go through the maps of the
    /// last render pass, which would tag them with older props.
    public var tagsOutputs: Bool

    /// Fixed children, keyed `c0`, `c1`, ...
    public var children: [NodeSpec]
    /// A keyed list held in the state (stateful only): rows `r<k>` rendered
    /// from `listRow`, `listRows` of them at first.
    public var listRow: [NodeSpec]
    public var listRows: Int

    public init(
        _ kind: Kind,
        equatableProps: Bool = true,
        equatableState: Bool = true,
        sideEffect: Bool = false,
        forwards: Bool = true,
        wrap: Wrap = .plain,
        route: Route = .outputMap,
        optional: Bool = false,
        inheritsProps: Bool = false,
        tagsOutputs: Bool = true,
        children: [NodeSpec] = [],
        listRow: NodeSpec? = nil,
        listRows: Int = 0
    ) {
        self.kind = kind
        self.equatableProps = equatableProps
        self.equatableState = equatableState
        self.sideEffect = sideEffect
        self.forwards = forwards
        self.wrap = wrap
        self.route = route
        self.tagsOutputs = tagsOutputs
        self.optional = optional
        self.inheritsProps = inheritsProps
        self.children = children
        self.listRow = listRow.map { [$0] } ?? []
        self.listRows = listRows
    }

    /// The row template of the keyed list, if any. (Stored as an array: a
    /// struct cannot hold an optional of itself.)
    public var row: NodeSpec? { listRow.first }

    public var hasList: Bool { kind == .stateful && row != nil }

    /// What a hidden optional child's key renders instead: an `EmptyLeaf`,
    /// so that the key changes type (R1: the old node ends, a new one
    /// starts), or nothing when the child is an `EmptyLeaf` already.
    var standIn: NodeSpec? {
        kind == .emptyLeaf ? nil : NodeSpec(.emptyLeaf, wrap: wrap, route: route)
    }

    /// The node's kind and flavours as its rendering shows them, e.g.
    /// `stateful(eq,opaque) ` (cheaper than printing the type each render).
    var label: String {
        switch kind {
        case .stateful: "stateful(\(equatableProps ? "eq" : "opaque"),\(equatableState ? "eq" : "opaque")) "
        case .stateless: "stateless(\(equatableProps ? "eq" : "opaque")) "
        case .emptyLeaf: "EmptyLeaf "
        }
    }

    /// Changes this node and every node below it, list rows included.
    mutating func forEachNode(_ change: (inout NodeSpec) -> Void) {
        change(&self)
        for i in children.indices { children[i].forEachNode(change) }
        for i in listRow.indices { listRow[i].forEachNode(change) }
    }

    public var nodeCount: Int {
        var count = route == .ignoringOutput ? 2 : 1
        for child in children { count += child.nodeCount }
        if let row { count += listRows * row.nodeCount }
        return count
    }
}
