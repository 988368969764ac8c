/// The runtime's tree. Its methods are short and run no user code (sessions
/// and side-effect indexes are the runtime's own classes): the runtime calls
/// them between the steps of a render, an action or an ending.
@usableFromInline
struct NodeTree: ~Copyable {
    /// The node records and their keys, by node ID.
    @usableFromInline var nodes = NodeArena()
    /// Children by (parent, type index, key), for a child asked out of order.
    private(set) var childIndex = ChildIndex()
    /// One typed store per workflow type, found by type or type index.
    @usableFromInline var stores = StoreRegistry()
    /// The root node; `none` until the tree starts.
    @usableFromInline private(set) var root = NodeID.none
    /// Sessions by node position; kept only when the host has an observer.
    @usableFromInline private(set) var sessions: ContiguousArray<WorkflowSession?> = []
    /// The indexes of the nodes with many side effects.
    private var sideEffectIndexes: [NodeID: SideEffectIndex] = [:]

    @usableFromInline
    init() {}

    /// The tree's first node is its root.
    @usableFromInline
    mutating func plant(_ root: NodeID) {
        self.root = root
    }

    // MARK: Child index

    /// The child of `parent` with this type index and key, or `none`.
    @inline(__always)
    func indexedChild(parent: NodeID, typeIndex: TypeIndex, key: String) -> NodeID {
        childIndex.find(parent: parent, typeIndex: typeIndex, key: key, in: nodes)
    }

    /// The child of `parent` with this type index and key, else a new one
    /// asked for in `pass`, indexed where the look-up stopped: one probe.
    @inline(__always)
    mutating func findOrStartChild(
        parent: NodeID, typeIndex: TypeIndex, key: String, pass: UInt32
    ) -> (node: NodeID, isNew: Bool) {
        let probe = childIndex.probe(parent: parent, typeIndex: typeIndex, key: key, in: nodes)
        if !probe.node.isNone {
            return (probe.node, false)
        }
        let node = nodes.allocate(
            typeIndex: typeIndex, key: key, parent: parent, seenInPass: pass, indexHash: probe.hash
        )
        childIndex.insert(node, after: probe)
        return (node, true)
    }

    /// Takes an ending child out of the child index.
    mutating func unindexChild(_ node: NodeID) {
        childIndex.remove(node, hash: nodes[node].indexHash)
    }

    // MARK: Sessions

    /// Makes room for the session of a node just given a record.
    mutating func makeSessionRoom() {
        if sessions.count < nodes.count { sessions.append(nil) }
    }

    /// The session of `node`, if the host has an observer.
    @inlinable @inline(__always)
    func session(of node: NodeID) -> WorkflowSession? {
        sessions[node.position]
    }

    @usableFromInline
    mutating func setSession(_ session: WorkflowSession, of node: NodeID) {
        sessions[node.position] = session
    }

    /// An ending node's session, taken out.
    mutating func takeSession(of node: NodeID) -> WorkflowSession {
        let session = sessions[node.position]!
        sessions[node.position] = nil
        return session
    }

    // MARK: Side-effect indexes

    /// The index of the side effects of `node`, which has one.
    func sideEffectIndex(of node: NodeID) -> SideEffectIndex {
        sideEffectIndexes[node].unsafelyUnwrapped
    }

    /// Gives `node` an index of its many side effects.
    mutating func addSideEffectIndex(_ index: SideEffectIndex, of node: NodeID) {
        sideEffectIndexes[node] = index
        nodes[node].setHasSideEffectIndex(true)
    }

    /// `node` has no side effect left: its index goes.
    mutating func removeSideEffectIndex(of node: NodeID) {
        sideEffectIndexes[node] = nil
        nodes[node].setHasSideEffectIndex(false)
    }

    // MARK: Memory back

    /// Gives back room beyond twice the need (and `keptRoom`) in each
    /// container holding four times that; live nodes never move.
    @MainActor  // the stores are main-actor objects
    mutating func trim(keeping keptRoom: Int) {
        nodes.trimFreeTail(keeping: keptRoom)
        if sessions.count > nodes.count {
            // Positions trimmed away: their nodes ended, their sessions are nil.
            sessions.removeLast(sessions.count - nodes.count)
            if sessions.capacity > 2 * max(sessions.count, keptRoom) {
                var kept = ContiguousArray<WorkflowSession?>()
                kept.reserveCapacity(sessions.count)
                kept.append(contentsOf: sessions)
                sessions = kept
            }
        }
        stores.forEach { $0.trimFreeTail(keeping: keptRoom) }
        childIndex.shrinkIfSparse(keepingRoomFor: keptRoom)
    }

    #if DEBUG
    /// Between passes: stores where they are found, every live node below the
    /// root indexed once, sessions (when kept) covering the arena, side-effect
    /// indexes of live nodes that know of them.
    mutating func checkInvariants(keepsSessions: Bool) {
        func broken(_ what: String) -> Never {
            fatalError("Runtime invariant broken: \(what)")
        }
        stores.checkInvariants()
        if keepsSessions, sessions.count != nodes.count { broken("\(sessions.count) sessions for \(nodes.count) arena slots") }
        var liveBelowRoot = 0
        for position in 0..<nodes.count {
            let node = NodeID(position: position)
            let record = nodes[node]
            if record.typeIndex == TypeIndex.free {
                if sideEffectIndexes[node] != nil { broken("free slot \(position) keeps a side-effect index") }
                continue
            }
            if (sideEffectIndexes[node] != nil) != record.hasSideEffectIndex {
                broken("node \(position) and the side-effect indexes disagree on its index")
            }
            if node == root { continue }
            liveBelowRoot += 1
            if indexedChild(parent: record.parent, typeIndex: record.typeIndex, key: nodes[keyOf: node]) != node {
                broken("node \(position) is not found in the child index")
            }
        }
        if childIndex.count != liveBelowRoot { broken("child index holds \(childIndex.count) nodes, \(liveBelowRoot) live below the root") }
    }

    /// The index of `node`'s side effects, if any, for the runtime's walk.
    func checkedSideEffectIndex(of node: NodeID) -> SideEffectIndex? {
        sideEffectIndexes[node]
    }
    #endif
}
