/// The render contexts of one workflow type: a render takes one and gives it
/// back when its `render` returns, so that a steady render pass makes no
/// context and retains none. The pool holds as many contexts as renders of
/// the type were ever nested at once; the first sits inline, so a type whose
/// renders never nest costs one object and no buffer.
///
/// A context given back is invalidated (R5) and kept only if nothing but the
/// pool references it, weakly or strongly (`PooledContext.isHeldByPoolOnly`):
/// a context a user kept stays invalid for good and is never handed out for
/// another render.
///
/// Invariants: context `k` is `first` for k = 0 and `more[k - 1]` above;
/// contexts `0..<count` hold one retain each, `0..<inUse` belong to the renders
/// running now (innermost last), the others are spares, all invalid. `first`
/// is nil when `count` is 0. The pool owns the buffer: it cannot be copied,
/// and releases the contexts and frees the buffer when it ends.
@usableFromInline
struct RenderContextPool<W: Workflow>: ~Copyable {
    @usableFromInline var first: PooledContext<W>?
    @usableFromInline var more: UnsafeMutablePointer<PooledContext<W>>?
    @usableFromInline var moreCapacity = 0
    @usableFromInline var count = 0
    @usableFromInline var inUse = 0

    @inlinable
    init() {}

    /// A valid context for a render of `node`, owned by the pool.
    @inlinable @inline(__always)
    mutating func take(runtime: FastRuntime, node: NodeHandle) -> Unmanaged<RenderContext<W>> {
        let k = inUse
        inUse += 1
        if k < count {
            let context = self.context(at: k)
            context._withUnsafeGuaranteedRef { $0.revalidate(runtime: runtime, node: node) }
            return context
        }
        if k > moreCapacity {
            growMore()
        }
        moveIn(PooledContext(RenderContext<W>(runtime: runtime, node: node)), at: k)
        count += 1
        return self.context(at: k)
    }

    /// Ends the innermost render: its context becomes invalid, and stays in
    /// the pool only if nobody else holds it. One that a user kept learns
    /// its node's key (R5's message), from `key`.
    @inlinable @inline(__always)
    mutating func giveBack(key: () -> String) {
        inUse -= 1
        let k = inUse
        context(at: k)._withUnsafeGuaranteedRef { $0.invalidate() }
        let heldByPoolOnly = k == 0 ? first!.isHeldByPoolOnly() : more.unsafelyUnwrapped[k - 1].isHeldByPoolOnly()
        if !heldByPoolOnly {
            drop(at: k, key: key())
        }
    }

    /// Context `k`, which must exist.
    @inlinable @inline(__always)
    func context(at k: Int) -> Unmanaged<RenderContext<W>> {
        k == 0 ? first.unsafelyUnwrapped.unmanaged : more.unsafelyUnwrapped[k - 1].unmanaged
    }

    /// Lets go of context `k` (a user keeps it), which keeps its node's
    /// `key`, and moves the last context into its place.
    @usableFromInline @inline(never)
    mutating func drop(at k: Int, key: String) {
        context(at: k)._withUnsafeGuaranteedRef { $0.keyAfterRender = key }
        count -= 1
        let dropped = moveOut(at: k)
        if k < count {
            moveIn(moveOut(at: count), at: k)
        }
        // The pool's reference goes last, once the pool is whole again.
        dropped.release()
    }

    /// Moves context `k` out of its place, which becomes uninitialised.
    mutating func moveOut(at k: Int) -> PooledContext<W> {
        k == 0 ? first.take().unsafelyUnwrapped : (more.unsafelyUnwrapped + (k - 1)).move()
    }

    /// Puts a context in the uninitialised place `k`.
    @inlinable
    mutating func moveIn(_ context: __owned PooledContext<W>, at k: Int) {
        if k == 0 {
            first = context
        } else {
            (more.unsafelyUnwrapped + (k - 1)).initialize(to: context)
        }
    }

    @usableFromInline @inline(never)
    mutating func growMore() {
        let capacity = max(2, moreCapacity * 2)
        let grown = UnsafeMutablePointer<PooledContext<W>>.allocate(capacity: capacity)
        if let more {
            grown.moveInitialize(from: more, count: max(0, count - 1))
            more.deallocate()
        }
        more = grown
        moreCapacity = capacity
    }

    /// Inlinable: a store's pool field is.
    @inlinable
    deinit {
        for k in 0..<count {
            context(at: k).release()
        }
        more?.deallocate()
    }
}

/// The pool's reference to one of its contexts, and the one test of whether
/// the pool may hand the context out again (R5).
@usableFromInline
struct PooledContext<W: Workflow> {
    /// The pool's reference: one retain, held by hand so that the pool's
    /// places stay trivial (no reference counting when they move, nothing
    /// to destroy in generic code).
    @usableFromInline var unmanaged: Unmanaged<RenderContext<W>>

    @inlinable
    init(_ object: RenderContext<W>) {
        unmanaged = Unmanaged.passRetained(object)
    }

    /// Gives back the pool's retain.
    @usableFromInline
    func release() {
        unmanaged.release()
    }

    /// Whether nothing but the pool references the context: no other strong
    /// reference (checked in place, without a retain), and no weak one. A
    /// weak reference is no strong one, yet a context held weakly must not
    /// come back to life for another node. No public API of the standard
    /// library sees a weak reference; its debugger entry point does, which
    /// keeps that count in the object's side table, made by the first weak
    /// reference.
    ///
    /// The pool's retain is moved into a variable for the test, which is
    /// then the one strong reference the test expects, and back.
    @inlinable
    mutating func isHeldByPoolOnly() -> Bool {
        var object = unmanaged.takeRetainedValue()
        let heldByPoolOnly = isKnownUniquelyReferenced(&object) && _getWeakRetainCount(object) <= 1
        unmanaged = Unmanaged.passRetained(object)
        return heldByPoolOnly
    }
}
