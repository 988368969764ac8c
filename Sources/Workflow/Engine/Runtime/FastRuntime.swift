// The fast runtime behind `WorkflowHost`.
//
// Where things are (Sources/Workflow/Engine/):
// - Storage/: the containers, each owning its logic. `RawStack` and
//   `SegmentedBuffer` (raw memory, `~Copyable` owners freed as they end);
//   `NodeArena` (records and keys, with its free list and its trimming) and
//   `NodeRecord`; `NodeStore` (typed values of one workflow type, with
//   `AnyNodeStore`, `NodeSlot`, `Equality`, its `OutputRoute`s and its
//   `RenderContextPool`, whose contexts outlive the host in
//   `RenderContextSpares`); `ChildIndex` (the hash table, its hashing and its
//   probing); `NodeTree`, the one part that holds them all for the runtime
//   (with the root, the sessions and the side-effect indexes); the typed IDs
//   `NodeID`, `TypeIndex`, `StoreSlot` and the `NodeHandle` that outlives a
//   node.
// - Runtime/: this class and its parts. The parts own their state and
//   check their invariants: `NodeTree` (in Storage/), `StoreRegistry` (the
//   store per type, inside the tree),
//   `PassStack` (the running passes: `RenderFrame`s, children asked for,
//   pass numbers, stack end), `CascadeLog` (what the cascade did, the
//   teardown). The class's algorithms, one file per concern: `+Stores`,
//   `+NodeStart`, `+RenderPass` (render, children, R7 update, cleanup),
//   `+RenderSkipping` (S1-S4: dirty, skip, clean), `+NodeEnd`, `+Trimming`
//   (memory back once nodes ended), `+Sinks`, `+SideEffects`, `+Cascade` (sends and
//   actions), `+Root` (the channel to the host), `+PassNumbers`
//   (renumbering before they could wrap), `+DebugSnapshot`, `+Invariants`
//   (the debug builds' consistency walk); `CascadeResult`.
// - Sinks/: `SinkList` (a node's registrations), `SinkRegistration`,
//   `ActionSinkTarget`, `SinkTarget`.
// - SideEffects/: `SideEffectList` (a node's lifetimes, each a
//   `SideEffectLifetime`), `SideEffectIndex`, `SideEffectKey`.
// - `CascadeGate` and `FaultInjection` (`StackGuard` is in Shared/).
//
// Design, in short:
// - Arena. Nodes are 48-byte `NodeRecord`s, each beside its key, in raw
//   segments that never move once full (`NodeArena`, `SegmentedBuffer`),
//   addressed by `NodeID`; freed records are reused from a free list and a
//   stale `NodeHandle` (ID + generation) is caught by its generation. A
//   record is trivial (plain integers and unmanaged references), so nodes
//   start and end by plain memory writes. No object per node: a node's
//   workflow value, state and last rendering sit unboxed at its `StoreSlot`
//   in the `NodeStore<W>` of its type (found by `TypeIndex`), segmented the
//   same way. A node pays for objects only for what it uses: an output route
//   if it has an output, a registration per sink action type, a `Lifetime`
//   per side effect (linked into a list, no table).
// - Keyed children. A parent's children are a list through the records, in
//   the order its last pass asked for them. A pass first tries the child
//   after the previous hit in that list (no hashing when the order is
//   stable), else one `ChildIndex` hash table of (parent, type index, key).
//   Each node remembers the parent pass that last asked for it: a second
//   ask in the same pass is a duplicate (R8), and after the pass the
//   children not asked for are the ones to end (R9), found in one walk of
//   the old list. The new order is collected on a stack while the pass runs
//   and linked after it. Reordering moves no node.
// - Render skipping (S1-S4). An action that changes a state marks the node
//   and its ancestors `needsRender`. A parent asking for a child that does
//   not need rendering and whose workflow value is unchanged gets the cached
//   rendering; `workflowDidChange`, `render` and the hooks around them are
//   skipped, and the subtree, its sinks and side effects stay as they are.
// - Host channel. Sends and updates pass `CascadeGate.submit` (R15, R16).
//   The runtime sets the rendering flag around each render pass, decides at
//   the end of a cascade whether the root renders (S3), and hands its one
//   `HostPort` a `CascadeResult`; the port renders the root then, specialised
//   for its type, and publishes. The root's rendering is kept in its slot
//   only; its output waits in its `RootRoute`.
// - Specialisation. `rendered(in:)` reaches `renderChild` through
//   `@inlinable` code only, so the whole child path is specialised for the
//   user's types at the user's call site: no existential, no metadata look-up
//   per child. A cascade is specialised the same way, entered through the
//   action's conformance or the output route (see `+Cascade`). The
//   type-erased work (ending nodes, diffing children, the
//   child index) is plain non-generic code. `@usableFromInline` marks what
//   that inlinable code reaches, and nothing else.
// - Allocation. In the steady state a render pass allocates nothing: the
//   context object comes from a pool per workflow type (`RenderContextPool`),
//   sinks reuse their registration, output routes are updated in place, the
//   stacks keep their capacity. A host's first render takes the contexts an
//   ended host of the same types left (`RenderContextSpares`), so a chain of
//   one type nested a thousand deep makes no context when it appears again.
// - Memory back. Once half the arena's worth of nodes ended, the end of a
//   top-level pass trims each container less than a quarter full down to
//   twice its live nodes (at least `keptRoom`): only free tails go, live
//   nodes never move, and trimmed arena positions come back at a generation
//   floor so that old handles stay stale.
// - Exclusivity. Swift checks exclusive access to a class's stored
//   properties (and to static ones) at run time, a call per access, unless
//   the optimiser proves the access exclusive: it does for a property that
//   only this module's own code reaches, when no access to it calls
//   anything. Code that `@inlinable` brings into the user's module is not
//   this module's, so the few stored properties that such code reaches on
//   every render or cascade step are marked `@exclusivity(unchecked)`, the
//   reason beside each: this class's `tree`, `passes` and `cascade`;
//   `NodeStore.contents`; `AnyNodeStore`'s `contexts` and `releasers`;
//   `CascadeGate.state`; `RenderContext.binding`;
//   `SinkRegistration.link`; `Lifetime.state`; `ApplyEpoch.numbers`;
//   `HostObservers.entries`; `RootRoute.pending`;
//   `RenderContextSpares.batches`. Each holds one part's
//   whole state in one field. This is sound because
//   a part's methods are short and never call user code: the re-entrant
//   algorithms (render a node, apply an action, end a subtree) stay on this
//   class and call into the parts between user code, so the runtime never
//   re-enters a part during an access to it; and everything runs on the
//   main queue (R22), so no two accesses overlap. Nothing here is
//   thread-safe. Test builds check every access all the same
//   (`Scripts/exclusivity-checked-tree.sh`, used by `make test`).
// - Releasing a value runs user code (R24): a deinit may send, update or
//   release the host, or cancel an observation, and so re-enter the
//   runtime. So no value that may hold user objects is released in the
//   middle of an access above: it is taken out first and let go once the
//   storage is consistent again. The sites: a node's replaced rendering,
//   stored once its pass is over (`renderNode`); its replaced workflow value
//   and state, destroyed by an assignment that stored the new ones first
//   (`update`); an ended node's
//   values, moved out after its record is freed and destroyed after the
//   store's bookkeeping (`endNode`, `NodeStore.release`); a replaced output
//   mapping, released by the assignment after the new one is stored
//   (`updateRoute`); ended side effects, taken out of the list before any
//   `onEnded` runs, each closure out of its lifetime before it runs
//   (`SideEffectList.end`, `Lifetime.end`); the root's replaced rendering,
//   held until the pass is over (`renderRoot`); the
//   observers' closures, taken out of their list first
//   (`HostObservers.remove`, `finishAll`, `deliver`); queued sends dropped
//   at the host's end (`CascadeGate.runQueued`); and the runtime's own end,
//   which kills every sink and ends every side effect before it destroys
//   the values (`deinit`).

@usableFromInline @MainActor
final class FastRuntime {
    // Unchecked (see "Exclusivity" above): each is read or written on every
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
    /// Where the render trace hears what the runtime does (D1); nil when the
    /// host has no trace: each hook point then costs one test.
    @usableFromInline let trace: RenderTraceHooks?
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

    /// What drives the root (a host, or the testable seam's node): the end
    /// of every cascade goes there, specialised for the root's type. Not
    /// owned: the port owns the runtime, and outlives every call (`HostPort`),
    /// so it is called through `toPort` without a retain and release.
    /// Set once, by `startTree`; read per cascade. Checked, at no cost in an
    /// optimised build: no inlinable code reaches it and no access to it
    /// calls anything, so the compiler drops the check.
    var port: Unmanaged<HostPort>?
    /// S3: a cascade that changed no state publishes nothing.
    @usableFromInline let renderOnlyIfStateChanged: Bool

    /// What the current cascade did, and whether the tree was torn down;
    /// written per action, read per send.
    @exclusivity(unchecked) @usableFromInline var cascade: CascadeLog

    /// The configuration the host read when it was made (C1).
    let configuration: Runtime.Configuration
    /// Whether the runtime was made on the main queue, where all of it runs
    /// (R22), so that its side effects may reuse and give back ended
    /// lifetimes (`SideEffectLifetimeSpares`, main queue only).
    let keepsLifetimeSpares: Bool

    /// A runtime for one host, with the configuration the host read (C1);
    /// `startTree` starts its tree.
    init(configuration: Runtime.Configuration, observers: [WorkflowObserver], hasDebugger: Bool, trace: RenderRecorder?) {
        self.configuration = configuration
        self.observer = ChainedWorkflowObserver.forHost(with: observers)
        self.hasObserver = observer != nil
        self.observesNodes = observer != nil || trace != nil
        self.skipsCleanChildren = configuration.renderSkipping
        self.trace = trace.map { RenderTraceHooks(recorder: $0, rendersEveryNode: !configuration.renderSkipping) }
        self.cascade = CascadeLog(recordsPath: hasDebugger)
        self.renderOnlyIfStateChanged = configuration.renderOnlyIfStateChanged
        self.keepsLifetimeSpares = MainQueue.isOnMainQueue
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
