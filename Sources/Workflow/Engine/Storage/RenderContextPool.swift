/// The render contexts of one workflow type, taken per render and given back
/// when `render` returns, so a steady pass makes and retains none. The first
/// sits inline (a type that never nests costs one object, no buffer); at the
/// host's end they wait for its type's next host (`RenderContextSpares`). A
/// context given back is invalidated (R5) and kept only if nothing else
/// references it. Not generic, so its end, in the store's unspecialised
/// deinit, looks up no metadata. Invariants: context `k` is `first` for
/// k = 0, else `more[k - 1]`, a `RenderContext` of the pool's type;
/// `0..<count` hold a retain each, `0..<inUse` belong to the running renders
/// (innermost last), the rest are invalid spares; `first` is nil if none.
@usableFromInline
struct RenderContextPool: ~Copyable {
    @usableFromInline var _first: Unmanaged<AnyObject>?
    @usableFromInline var _more: UnsafeMutablePointer<Unmanaged<AnyObject>>?
    @usableFromInline var _moreCapacity = 0
    @usableFromInline var _count = 0
    @usableFromInline var _inUse = 0
    /// The workflow type, under which the spares are kept.
    @usableFromInline let _workflowType: ObjectIdentifier

    @usableFromInline
    init(workflowType: ObjectIdentifier) {
        _workflowType = workflowType
    }

    /// A valid context for a render of `node`, owned by the pool.
    @inlinable @inline(__always) @MainActor
    mutating func take<W: Workflow>(
        _: W.Type, runtime: FastRuntime, node: NodeHandle
    ) -> Unmanaged<RenderContext<W>> {
        let k = _inUse
        _inUse += 1
        if k < _count {
            let context = self.context(at: k, as: W.self)
            context.withGuaranteedRef { $0.revalidate(runtime: runtime, node: node) }
            return context
        }
        return addContext(at: k, as: W.self, runtime: runtime, node: node)
    }

    /// A new context `k` (= `count`); out of line: steady passes never add.
    @inlinable @inline(never) @MainActor
    mutating func addContext<W: Workflow>(
        at k: Int, as _: W.Type, runtime: FastRuntime, node: NodeHandle
    ) -> Unmanaged<RenderContext<W>> {
        if k == 0, adoptSpares() {
            let context = self.context(at: 0, as: W.self)
            context.withGuaranteedRef { $0.revalidate(runtime: runtime, node: node) }
            return context
        }
        if k > _moreCapacity {
            growMore()
        }
        let context = Unmanaged.passRetained(RenderContext<W>(runtime: runtime, node: node))
        moveIn(Unmanaged<AnyObject>.fromOpaque(context.toOpaque()), at: k)
        _count += 1
        return context
    }

    /// An empty pool takes the spares an ended host of its type left, if
    /// any: they are all invalid and referenced by nothing else.
    @usableFromInline
    mutating func adoptSpares() -> Bool {
        guard let spares = RenderContextSpares.take(for: _workflowType) else { return false }
        // No render of the type is running, and a buffer left from contexts
        // the pool dropped holds none.
        _more?.deallocate()
        _first = Unmanaged.fromOpaque(spares.first)
        _more = spares.more?.assumingMemoryBound(to: Unmanaged<AnyObject>.self)
        _moreCapacity = spares.moreCapacity
        _count = spares.count
        return true
    }

    /// Ends the innermost render: its context is invalidated, and one a user
    /// kept leaves the pool with its node's key (R5's message).
    @inlinable @inline(__always) @MainActor
    mutating func giveBack<W: Workflow>(_: W.Type, key: () -> String) {
        _inUse -= 1
        let k = _inUse
        context(at: k, as: W.self).withGuaranteedRef { $0.invalidate() }
        let heldByPoolOnly = k == 0
            ? Self.isHeldByPoolOnly(&_first!, as: W.self)
            : Self.isHeldByPoolOnly(&_more.unsafelyUnwrapped[k - 1], as: W.self)
        if !heldByPoolOnly {
            drop(at: k, as: W.self, key: key())
        }
    }

    /// Context `k`, which must exist, typed.
    @inlinable @inline(__always)
    func context<W: Workflow>(at k: Int, as _: W.Type) -> Unmanaged<RenderContext<W>> {
        Unmanaged.fromOpaque(object(at: k).toOpaque())
    }

    @inlinable @inline(__always)
    func object(at k: Int) -> Unmanaged<AnyObject> {
        k == 0 ? _first.unsafelyUnwrapped : _more.unsafelyUnwrapped[k - 1]
    }

    /// Lets go of context `k`, which a user keeps, with its node's `key`.
    @inlinable @inline(never) @MainActor
    mutating func drop<W: Workflow>(at k: Int, as _: W.Type, key: String) {
        context(at: k, as: W.self).withGuaranteedRef { $0.keep(key: key) }
        removeContext(at: k).release()
    }

    /// Takes context `k` out with its retain; the last context moves in.
    @usableFromInline
    mutating func removeContext(at k: Int) -> Unmanaged<AnyObject> {
        _count -= 1
        let removed = moveOut(at: k)
        if k < _count {
            moveIn(moveOut(at: _count), at: k)
        }
        return removed
    }

    /// Moves context `k` out of its place, which becomes uninitialised.
    mutating func moveOut(at k: Int) -> Unmanaged<AnyObject> {
        k == 0 ? _first.take().unsafelyUnwrapped : (_more.unsafelyUnwrapped + (k - 1)).move()
    }

    /// Puts a context in the uninitialised place `k`.
    @usableFromInline
    mutating func moveIn(_ context: Unmanaged<AnyObject>, at k: Int) {
        if k == 0 {
            _first = context
        } else {
            (_more.unsafelyUnwrapped + (k - 1)).initialize(to: context)
        }
    }

    @usableFromInline @inline(never)
    mutating func growMore() {
        let capacity = max(2, _moreCapacity * 2)
        let grown = UnsafeMutablePointer<Unmanaged<AnyObject>>.allocate(capacity: capacity)
        if let more = _more {
            grown.moveInitialize(from: more, count: max(0, _count - 1))
            more.deallocate()
        }
        _more = grown
        _moreCapacity = capacity
    }

    /// Whether nothing but the pool references the context, strongly, weakly
    /// or unowned: a context held any way must not come back to life for
    /// another node (R5).
    @inlinable @inline(__always)
    static func isHeldByPoolOnly<W: Workflow>(_ pooled: inout Unmanaged<AnyObject>, as _: W.Type) -> Bool {
        var context = Unmanaged<RenderContext<W>>.fromOpaque(pooled.toOpaque())
        let isSole = SoleReference.isSole(&context)
        pooled = Unmanaged<AnyObject>.fromOpaque(context.toOpaque())
        return isSole
    }

    /// Inlinable, as a store's pool field is; the work is not.
    @inlinable
    deinit {
        end()
    }

    /// The contexts go to the type's next host unless a render is running
    /// (a host released by its own render's code ends its tree later).
    @usableFromInline
    func end() {
        if let first = _first, _inUse == 0 {
            RenderContextSpares.keep(
                RenderContextSpares.Batch(
                    first: first.toOpaque(), more: _more.map { UnsafeMutableRawPointer($0) },
                    moreCapacity: _moreCapacity, count: _count
                ),
                for: _workflowType
            )
            return
        }
        for k in 0..<_count {
            object(at: k).release()
        }
        _more?.deallocate()
    }
}
