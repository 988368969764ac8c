/// The render contexts of one workflow type: a render takes one and gives it
/// back when its `render` returns, so that a steady render pass makes no
/// context and retains none. The pool holds as many contexts as renders of
/// the type were ever nested at once; the first sits inline, so a type whose
/// renders never nest costs one object and no buffer.
///
/// A context given back is invalidated (R5) and kept only if nothing but the
/// pool references it, weakly or strongly: a context a user kept stays
/// invalid for good and is never handed out for another render.
///
/// Invariants: context `k` is `first` for k = 0 and `more[k - 1]` above;
/// contexts `0..<count` hold one retained reference each, `0..<inUse`
/// belong to the renders running now (innermost last), the others are
/// spares, all invalid. `first` is nil when `count` is 0.
@usableFromInline
struct RenderContextPool<W: Workflow> {
    @usableFromInline var first: Unmanaged<RenderContext<W>>?
    @usableFromInline var more: UnsafeMutablePointer<Unmanaged<RenderContext<W>>>?
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
        let context = Unmanaged.passRetained(RenderContext<W>(runtime: runtime, node: node))
        if k == 0 {
            first = context
        } else {
            if k > moreCapacity {
                growMore()
            }
            (more.unsafelyUnwrapped + (k - 1)).initialize(to: context)
        }
        count += 1
        return context
    }

    /// Ends the innermost render: its context becomes invalid, and stays in
    /// the pool only if nobody else holds it. One that a user kept learns
    /// its node's key (R5's message), from `key`.
    @inlinable @inline(__always)
    mutating func giveBack(key: () -> String) {
        inUse -= 1
        let k = inUse
        let context = self.context(at: k)
        context._withUnsafeGuaranteedRef { $0.invalidate() }
        // The slot is the pool's strong reference: checked in place, without
        // a retain. A weak reference does not count as a strong one, so it
        // is looked at apart: a context held weakly must not come back to
        // life for another node.
        let unique: Bool
        if k == 0 {
            unique = withUnsafeMutablePointer(to: &first) {
                $0.withMemoryRebound(to: RenderContext<W>?.self, capacity: 1) { isKnownUniquelyReferenced(&$0.pointee) }
            }
        } else {
            unique = (more.unsafelyUnwrapped + (k - 1)).withMemoryRebound(to: RenderContext<W>.self, capacity: 1) {
                isKnownUniquelyReferenced(&$0.pointee)
            }
        }
        if !unique || context._withUnsafeGuaranteedRef({ _getWeakRetainCount($0) }) > 1 {
            drop(at: k, key: key())
        }
    }

    /// Context `k`, which must exist.
    @inlinable @inline(__always)
    func context(at k: Int) -> Unmanaged<RenderContext<W>> {
        k == 0 ? first.unsafelyUnwrapped : more.unsafelyUnwrapped[k - 1]
    }

    /// Releases context `k` (a user keeps it), which keeps its node's `key`,
    /// and moves the last spare into its place.
    @usableFromInline @inline(never)
    mutating func drop(at k: Int, key: String) {
        let dropped = context(at: k)
        dropped._withUnsafeGuaranteedRef { $0.keyAfterRender = key }
        count -= 1
        if k < count {
            let last = context(at: count)
            if k == 0 { first = last } else { more.unsafelyUnwrapped[k - 1] = last }
        }
        if count == 0 {
            first = nil
        }
        dropped.release()
    }

    @usableFromInline @inline(never)
    mutating func growMore() {
        let capacity = max(2, moreCapacity * 2)
        let grown = UnsafeMutablePointer<Unmanaged<RenderContext<W>>>.allocate(capacity: capacity)
        if let more {
            grown.moveInitialize(from: more, count: max(0, count - 1))
            more.deallocate()
        }
        more = grown
        moreCapacity = capacity
    }

    /// Releases the contexts; the pool is not used afterwards.
    @inlinable
    func deallocate() {
        for k in 0..<count {
            context(at: k).release()
        }
        more?.deallocate()
    }
}
