/// A `HostPort` for a `WorkflowType` root. Its members are final: called from
/// a subclass's specialised code, they are specialised too.
@usableFromInline
class RootPort<WorkflowType: Workflow>: HostPort {
    @usableFromInline final let runtime: FastRuntime
    /// The store the root's values are in, made here: its type's first.
    @usableFromInline final let rootStore: NodeStore<WorkflowType>
    /// The first of a store made for the root (`startTree` checks it).
    @inlinable static var rootSlot: StoreSlot { StoreSlot(position: 0) }
    /// Where the root's outputs wait for their cascade's end; nil if none.
    @usableFromInline final let rootRoute: RootRoute<WorkflowType.Output>?
    /// Reads `rendering`, specialised here, so code generic over the host (a
    /// wrapper, a harness) reads it without a type look-up.
    @usableFromInline final let readRendering: (RootPort<WorkflowType>) -> WorkflowType.Rendering

    @inlinable
    init(runtime: FastRuntime, end: @escaping (HostPort, CascadeResult, FastRuntime) -> Void) {
        self.runtime = runtime
        rootStore = runtime.store(for: WorkflowType.self)
        rootRoute = WorkflowType.Output.self == Never.self ? nil : RootRoute<WorkflowType.Output>()
        readRendering = { $0.rendering }
        super.init(end: end)
    }

    /// The root's latest rendering, from its slot: the one copy there is.
    @inlinable
    final var rendering: WorkflowType.Rendering {
        rootStore[Self.rootSlot].rendering.unsafelyUnwrapped
    }

    /// A render pass of the root (R24: its replaced rendering goes after it).
    @inlinable @discardableResult
    final func renderRoot() -> WorkflowType.Rendering {
        runtime.renderRoot(store: rootStore)
    }
}
