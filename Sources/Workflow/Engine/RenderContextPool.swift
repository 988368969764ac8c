/// The render contexts of one workflow type: a render takes one and gives it
/// back when its `render` returns, so that a steady render pass makes no
/// context and retains none. The pool holds as many contexts as renders of
/// the type were ever nested at once.
///
/// A context given back is invalidated (R5) and kept only if nothing but the
/// pool references it, weakly or strongly: a context a user kept stays
/// invalid for good and is never handed out for another render.
///
/// Invariants: `contexts[0..<count]` hold one retained reference each;
/// `contexts[0..<inUse]` belong to the renders running now, innermost last;
/// the others are spares, all invalid.
@usableFromInline
struct RenderContextPool<W: Workflow> {
    @usableFromInline var contexts: UnsafeMutablePointer<Unmanaged<RenderContext<W>>>
    @usableFromInline var capacity = 1
    @usableFromInline var count = 0
    @usableFromInline var inUse = 0

    @inlinable
    init() {
        contexts = .allocate(capacity: capacity)
    }

    /// A valid context for a render of `node`, owned by the pool.
    @inlinable @inline(__always)
    mutating func take(runtime: FastRuntime, node: NodeHandle) -> Unmanaged<RenderContext<W>> {
        if inUse == count {
            if count == capacity {
                grow()
            }
            (contexts + count).initialize(to: Unmanaged.passRetained(RenderContext(runtime: runtime, node: node)))
            count += 1
        } else {
            contexts[inUse]._withUnsafeGuaranteedRef { $0.revalidate(runtime: runtime, node: node) }
        }
        inUse += 1
        return contexts[inUse - 1]
    }

    /// Ends the innermost render: its context becomes invalid, and stays in
    /// the pool only if nobody else holds it.
    @inlinable @inline(__always)
    mutating func giveBack() {
        inUse -= 1
        let slot = contexts + inUse
        let context = slot.pointee
        context._withUnsafeGuaranteedRef { $0.invalidate() }
        // The slot is the pool's strong reference: checked in place, without
        // a retain. A weak reference does not count as a strong one, so it
        // is looked at apart: a context held weakly must not come back to
        // life for another node.
        let unique = slot.withMemoryRebound(to: RenderContext<W>.self, capacity: 1) {
            isKnownUniquelyReferenced(&$0.pointee)
        } && context._withUnsafeGuaranteedRef { _getWeakRetainCount($0) <= 1 }
        if !unique {
            count -= 1
            slot.pointee = contexts[count]
            context.release()
        }
    }

    @usableFromInline @inline(never)
    mutating func grow() {
        let grown = UnsafeMutablePointer<Unmanaged<RenderContext<W>>>.allocate(capacity: capacity * 2)
        grown.moveInitialize(from: contexts, count: count)
        contexts.deallocate()
        contexts = grown
        capacity *= 2
    }

    /// Releases the contexts; the pool is not used afterwards.
    @inlinable
    func deallocate() {
        for k in 0..<count {
            contexts[k].release()
        }
        contexts.deallocate()
    }
}
