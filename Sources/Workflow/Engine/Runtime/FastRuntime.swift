// The fast runtime behind `WorkflowHost`: its design is the "How the engine
// is fast" article; this is where each part lives, under Engine/.
//
// - Storage/: the containers, each owning its memory and its writes (a
//   record changes by `NodeRecord`'s methods, a slot by its store's, bar
//   an action's state, R17, and routes). `NodeArena` (records and keys,
//   its free list, its trimming) of `NodeRecord`s, in
//   `SegmentedBuffer`s; `NodeStore` (one workflow type's values, states and
//   renderings by `StoreSlot`, with the `OutputRoute`s of `+Cascade` and
//   the `RenderContextPool`, whose contexts wait for the next host in
//   `RenderContextSpares`); `ChildIndex` (the hash table of keyed children);
//   `NodeTree`, which holds them all for the runtime; the typed IDs
//   `NodeID`, `TypeIndex`, `NodeHandle`; `RawStack`; `SoleReference`
//   (whether a context or lifetime may be reused).
// - Runtime/: this class, the re-entrant algorithms that call user code,
//   one file per concern: `+Stores`, `+NodeStart`, `+RenderPass`,
//   `+RenderSkipping` (S1-S4), `+NodeEnd`, `+Trimming`, `+Sinks`,
//   `+SideEffects`, `+Cascade` (the whole cascade: `CascadeGate`, when one
//   runs, R15, R16; sends and actions; the `OutputRoute`s; the dirty marks,
//   S1; its end, handed to the port), `+Root` (the root's start, render
//   passes, first render and updates), `+PassNumbers`, `+RenderTrace`,
//   `+DebugSnapshot`, `+Invariants`; and the parts they drive: `PassStack`
//   (the running passes' `RenderFrame`s), `ChildLookup`, `StoreRegistry`,
//   `CascadeLog`, `CascadeResult`.
// - Sinks/: a node's `SinkList` of `SinkRegistration`s, and the sink
//   targets. SideEffects/: a node's `SideEffectList` of
//   `SideEffectLifetime`s (ended ones wait in `SideEffectLifetimeSpares`),
//   `SideEffectIndex`, `SideEffectKey`.
// - `CascadeQueue` (the cascades the gate holds back, R15),
//   `FaultInjection` (the differential tests' switches), `RenderTracing`
//   (the seam through which the WorkflowDiagnostics module records, D1).
//
// Two rules hold everywhere here. Stored properties that inlinable code
// reaches on every render step are `@exclusivity(unchecked)`, each with its
// reason: a part's methods are short and call no user code, so no access
// overlaps another (test builds check them all the same). And no value
// that may hold user objects is released while a part's storage is being
// changed (R24): it is taken out first and let go once the storage is
// consistent.

@usableFromInline @MainActor
final class FastRuntime {
    // Unchecked (see the rules above): each is read or written on every
    // step of a render pass or a cascade, in short accesses that run no user
    // code.

    /// The tree: arena, child index, stores, root, sessions, side-effect
    /// indexes; read per node rendered and per child asked for.
    @exclusivity(unchecked) @usableFromInline var tree = NodeTree()

    /// The render passes running now, their frames and numbers; pushed and
    /// read per render and per child.
    @exclusivity(unchecked) @usableFromInline var passes = PassStack()

    /// Render skipping on (S1-S4) or off (every render is called).
    @usableFromInline let skipsCleanChildren: Bool
    /// Where the render trace hears what the runtime does (D1); without one,
    /// `UntracedRecorder`, never called (hooks test `isTraced`). Not
    /// optional, so that a hook call borrows it with no retain.
    let trace: any RenderTraceRecorder
    @usableFromInline let isTraced: Bool
    /// The recorder's room for a parent's child positions, as it last gave
    /// it (`traceNodeDidRender`). Unchecked: read and written only there,
    /// in accesses that call nothing.
    @exclusivity(unchecked) var traceChildRoom = UnsafeMutableBufferPointer<UInt32>(start: nil, count: 0)
    /// The host's observers, nil when it has none.
    @usableFromInline let observer: WorkflowObserver?
    /// Whether `observer` is set: a Bool test, not a copy of the existential.
    @usableFromInline let hasObserver: Bool
    /// Whether the observer or the trace hears of nodes starting, changing,
    /// rendering and ending: the one test such a point costs without them.
    @usableFromInline let observesNodes: Bool
    /// The parent session the root's session names (nil for a host's root).
    @usableFromInline var rootParentSession: WorkflowSession?

    /// Sends and updates: now, queued, or fatal (R15, R16). Its rendering
    /// flag is set by `renderPass` only.
    @usableFromInline let gate = CascadeGate()

    /// What drives the root (a host, or the testable seam's node), which
    /// owns the runtime and outlives every call (`HostPort`): not retained.
    /// Set once, by `startTree`; checked at no cost, no access calls anything.
    var port: Unmanaged<HostPort>?
    /// S3: a cascade that changed no state publishes nothing.
    @usableFromInline let renderOnlyIfStateChanged: Bool
    /// B1-B4: bursts rendered once.
    @usableFromInline let conflatesBursts: Bool

    /// What the current cascade did, and whether the tree was torn down;
    /// written per action, read per send.
    @exclusivity(unchecked) @usableFromInline var cascade: CascadeLog

    /// The configuration the host read when it was made (C1).
    let configuration: Runtime.Configuration
    /// Made on the main queue (R22): ended lifetimes may be reused
    /// (`SideEffectLifetimeSpares`, main queue only).
    let keepsLifetimeSpares: Bool

    /// A runtime for one host, with the configuration the host read (C1);
    /// `startTree` starts its tree.
    init(configuration: Runtime.Configuration, observers: [WorkflowObserver], hasDebugger: Bool, trace: (any RenderTraceRecorder)?) {
        self.configuration = configuration
        self.observer = ChainedWorkflowObserver.forHost(with: observers)
        self.hasObserver = observer != nil
        self.observesNodes = observer != nil || trace != nil
        self.skipsCleanChildren = configuration.renderSkipping
        self.trace = trace ?? UntracedRecorder.shared
        self.isTraced = trace != nil
        self.cascade = CascadeLog(recordsPath: hasDebugger)
        self.renderOnlyIfStateChanged = configuration.renderOnlyIfStateChanged
        self.conflatesBursts = configuration.conflateStaleRenderings
        self.keepsLifetimeSpares = MainQueue.isOnMainQueue
        if isTraced { self.trace.nameNodes(with: self) }
    }

    /// The root node (`none` until `startRoot`).
    @inlinable
    var root: NodeID { tree.root }

    /// Set when the host goes away: every sink is dead from then on.
    @inlinable
    var isTornDown: Bool { cascade.isTornDown }

    /// The current cascade's path, for the debugger.
    var cascadePath: [(workflowType: Any.Type, reachedByOutput: Bool)] { cascade.path }

    deinit {
        // The last reference goes on the main queue: the host's, released
        // there (R22), or a send's, which ran there.
        MainQueue.assumeMainActor(self) { $0.tearDownOnMainQueue() }
    }

    func tearDownOnMainQueue() {
        // A torn-down tree ended its side effects and killed its sinks
        // already (every node of the tree ended; the other records are
        // free); a runtime whose tree never finished its first render may
        // not have. Torn down first, so that a send from a deinit or an
        // `onEnded` below is dropped before it touches anything (R24); the
        // values go last.
        let endedEveryNode = isTornDown
        cascade.tearDown()
        if !endedEveryNode {
            for position in 0..<tree.nodes.count {
                let node = NodeID(position: position)
                if !tree.nodes[node].sinks.isEmpty {
                    killSinks(of: node, notDeclaredIn: nil)
                }
                if !tree.nodes[node].sideEffects.isEmpty {
                    let sideEffects = tree.nodes[node].sideEffects
                    tree.nodes[node].sideEffects = SideEffectList()
                    SideEffectList.end(sideEffects, keepsSpares: keepsLifetimeSpares)
                }
            }
        }
        // One short access per store: the values' deinits run user code.
        for position in 0..<tree.stores.count {
            tree.stores[TypeIndex(rawValue: UInt16(position))].withGuaranteedRef { $0.releaseAllSlots($0) }
        }
        // The arena, the child index and the stacks free their memory as
        // they end, after this.
    }
}
