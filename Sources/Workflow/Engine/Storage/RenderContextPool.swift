/// The render contexts of one workflow type: a render takes one and gives it
/// back when its `render` returns, so that a steady render pass makes no
/// context and retains none. The pool holds as many contexts as renders of
/// the type were ever nested at once; the first sits inline, so a type whose
/// renders never nest costs one object and no buffer. When the host ends,
/// its contexts wait for the next host of the type (`RenderContextSpares`),
/// which then renders without making them again.
///
/// A context given back is invalidated (R5) and kept only if nothing but the
/// pool references it, strongly, weakly or unowned (`isHeldByPoolOnly`): a
/// context a user kept stays invalid for good and is never handed out for
/// another render.
///
/// Not generic: contexts are kept as plain object pointers and typed where
/// they are taken, so that the pool's end, which runs in the store's
/// unspecialised deinit, looks up no generic metadata.
///
/// Invariants: context `k` is `first` for k = 0 and `more[k - 1]` above,
/// each a `RenderContext` of the pool's workflow type; contexts `0..<count`
/// hold one retain each, `0..<inUse` belong to the renders running now
/// (innermost last), the others are spares, all invalid. `first` is nil when
/// `count` is 0. The pool owns the buffer: it cannot be copied, and hands
/// its contexts on or releases them, and frees the buffer, when it ends.
@usableFromInline
struct RenderContextPool: ~Copyable {
    @usableFromInline var first: Unmanaged<AnyObject>?
    @usableFromInline var more: UnsafeMutablePointer<Unmanaged<AnyObject>>?
    @usableFromInline var moreCapacity = 0
    @usableFromInline var count = 0
    @usableFromInline var inUse = 0
    /// The workflow type, under which the spares are kept.
    @usableFromInline let workflowType: ObjectIdentifier
    /// `SoleReferenceWord.value`, read once per pool rather than through
    /// the static's accessor per render.
    @usableFromInline let soleReferenceWord: UInt

    @usableFromInline
    init(workflowType: ObjectIdentifier) {
        self.workflowType = workflowType
        self.soleReferenceWord = SoleReferenceWord.value
    }

    /// A valid context for a render of `node`, owned by the pool.
    @inlinable @inline(__always) @MainActor
    mutating func take<W: Workflow>(
        _: W.Type, runtime: FastRuntime, node: NodeHandle
    ) -> Unmanaged<RenderContext<W>> {
        let k = inUse
        inUse += 1
        if k < count {
            let context = self.context(at: k, as: W.self)
            context.withGuaranteedRef { $0.revalidate(runtime: runtime, node: node) }
            return context
        }
        return addContext(at: k, as: W.self, runtime: runtime, node: node)
    }

    /// Context `k` = `count`, which the pool does not have yet: an empty
    /// pool first takes the spares of an ended host of the type, else a
    /// new context is made. Out of line: a steady pass never comes here.
    @inlinable @inline(never) @MainActor
    mutating func addContext<W: Workflow>(
        at k: Int, as _: W.Type, runtime: FastRuntime, node: NodeHandle
    ) -> Unmanaged<RenderContext<W>> {
        if k == 0, adoptSpares() {
            let context = self.context(at: 0, as: W.self)
            context.withGuaranteedRef { $0.revalidate(runtime: runtime, node: node) }
            return context
        }
        if k > moreCapacity {
            growMore()
        }
        let context = Unmanaged.passRetained(RenderContext<W>(runtime: runtime, node: node))
        moveIn(Unmanaged<AnyObject>.fromOpaque(context.toOpaque()), at: k)
        count += 1
        return context
    }

    /// An empty pool takes the spares an ended host of its type left, if
    /// any: they are all invalid and referenced by nothing else.
    @usableFromInline
    mutating func adoptSpares() -> Bool {
        guard let spares = RenderContextSpares.take(for: workflowType) else { return false }
        // No render of the type is running, and a buffer left from contexts
        // the pool dropped holds none.
        more?.deallocate()
        first = Unmanaged.fromOpaque(spares.first)
        more = spares.more?.assumingMemoryBound(to: Unmanaged<AnyObject>.self)
        moreCapacity = spares.moreCapacity
        count = spares.count
        return true
    }

    /// Ends the innermost render: its context becomes invalid, and stays in
    /// the pool only if nobody else holds it. One that a user kept learns
    /// its node's key (R5's message), from `key`.
    @inlinable @inline(__always) @MainActor
    mutating func giveBack<W: Workflow>(_: W.Type, key: () -> String) {
        inUse -= 1
        let k = inUse
        context(at: k, as: W.self).withGuaranteedRef { $0.invalidate() }
        let soleReferenceWord = soleReferenceWord
        let heldByPoolOnly = k == 0
            ? Self.isHeldByPoolOnly(&first!, soleReferenceWord: soleReferenceWord, as: W.self)
            : Self.isHeldByPoolOnly(&more.unsafelyUnwrapped[k - 1], soleReferenceWord: soleReferenceWord, as: W.self)
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
        k == 0 ? first.unsafelyUnwrapped : more.unsafelyUnwrapped[k - 1]
    }

    /// Lets go of context `k` (a user keeps it), which keeps its node's
    /// `key`, and moves the last context into its place.
    @inlinable @inline(never) @MainActor
    mutating func drop<W: Workflow>(at k: Int, as _: W.Type, key: String) {
        context(at: k, as: W.self).withGuaranteedRef { $0.keep(key: key) }
        removeContext(at: k).release()
    }

    /// Takes context `k` out, with its retain, and moves the last context
    /// into its place.
    @usableFromInline
    mutating func removeContext(at k: Int) -> Unmanaged<AnyObject> {
        count -= 1
        let removed = moveOut(at: k)
        if k < count {
            moveIn(moveOut(at: count), at: k)
        }
        return removed
    }

    /// Moves context `k` out of its place, which becomes uninitialised.
    mutating func moveOut(at k: Int) -> Unmanaged<AnyObject> {
        k == 0 ? first.take().unsafelyUnwrapped : (more.unsafelyUnwrapped + (k - 1)).move()
    }

    /// Puts a context in the uninitialised place `k`.
    @usableFromInline
    mutating func moveIn(_ context: Unmanaged<AnyObject>, at k: Int) {
        if k == 0 {
            first = context
        } else {
            (more.unsafelyUnwrapped + (k - 1)).initialize(to: context)
        }
    }

    @usableFromInline @inline(never)
    mutating func growMore() {
        let capacity = max(2, moreCapacity * 2)
        let grown = UnsafeMutablePointer<Unmanaged<AnyObject>>.allocate(capacity: capacity)
        if let more {
            grown.moveInitialize(from: more, count: max(0, count - 1))
            more.deallocate()
        }
        more = grown
        moreCapacity = capacity
    }

    /// Whether nothing but the pool references the context: no other strong
    /// reference (checked in place, without a retain), and no weak or
    /// unowned one. A weak or unowned reference is no strong one, yet a
    /// context held that way must not come back to life for another node
    /// (R5). No public API of the standard library sees those references;
    /// its debugger entry points count them (an object's unowned count is 1
    /// while it has no unowned reference, its weak count lives in the side
    /// table the first weak reference makes).
    ///
    /// First the object's reference-count word against that of an object
    /// held once (`SoleReferenceWord`): equal, nothing else references it.
    /// Otherwise the pool's retain is moved into a variable for the test,
    /// which is then the one strong reference the test expects, and back.
    @inlinable @inline(__always)
    static func isHeldByPoolOnly<W: Workflow>(
        _ pooled: inout Unmanaged<AnyObject>, soleReferenceWord: UInt, as _: W.Type
    ) -> Bool {
        if SoleReferenceWord.isHeldOnce(pooled.toOpaque(), expected: soleReferenceWord) {
            return true
        }
        return Self.isHeldByPoolOnlyChecked(&pooled, as: W.self)
    }

    /// `isHeldByPoolOnly` the full way (`SoleReference`): out of line, as
    /// few contexts get here.
    @inlinable @inline(never)
    static func isHeldByPoolOnlyChecked<W: Workflow>(_ pooled: inout Unmanaged<AnyObject>, as _: W.Type) -> Bool {
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

    /// The contexts go to the next host of the type (`RenderContextSpares`),
    /// unless a render is running (a host released by its own render's
    /// code ends its tree later; its contexts are in use).
    @usableFromInline
    func end() {
        if let first, inUse == 0 {
            RenderContextSpares.keep(
                RenderContextSpares.Batch(
                    first: first.toOpaque(), more: more.map { UnsafeMutableRawPointer($0) },
                    moreCapacity: moreCapacity, count: count
                ),
                for: workflowType
            )
            return
        }
        for k in 0..<count {
            object(at: k).release()
        }
        more?.deallocate()
    }
}
