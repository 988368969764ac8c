/// The render passes running now, innermost last: a frame per node whose
/// `render` is running (`RenderFrame`), the children those passes asked for,
/// the pass numbers, and where the rendering thread's stack ends.
///
/// Its methods are short and run no user code: the runtime calls into it
/// between the steps of a render, never across one.
@usableFromInline
struct PassStack: ~Copyable {
    /// A frame per node whose `render` is running, innermost last.
    @usableFromInline var frames = RawStack<RenderFrame>(capacity: 16)
    /// The children the running passes asked for, in order: each frame's
    /// from its `firstAsked` up. They become the node's child list when its
    /// pass ends.
    @usableFromInline var asked = RawStack<NodeID>(capacity: 64)
    /// The last pass number handed out; 0 before the first.
    @usableFromInline var counter: UInt32 = 0
    /// The rendering thread's stack end (`StackGuard`), read before each
    /// top-level render pass; 0 checks nothing.
    @usableFromInline var stackEnd: UInt = 0

    @usableFromInline
    init() {}

    /// How many renders are running, nested.
    @inlinable
    var depth: Int { frames.count }

    /// The last pass number handed out: every number remembered by a node,
    /// a side effect or a sink is at most this.
    @inlinable
    var lastPass: UInt32 { counter }

    /// Opens the frame of a render of `node`, whose old children start at
    /// `firstChild`; returns its pass number.
    @inlinable @inline(__always)
    mutating func open(_ node: NodeID, firstChild: NodeID) -> UInt32 {
        counter &+= 1
        if counter == 0 { counter = 1 }
        frames.push(RenderFrame(
            node: node, pass: counter, firstAsked: Int32(truncatingIfNeeded: asked.count), cursor: firstChild
        ))
        return counter
    }

    /// The innermost frame, in place; there must be one (checked in debug
    /// builds).
    @inlinable
    var innermost: RenderFrame {
        unsafeAddress {
            assert(frames.count > 0, "PassStack.innermost with no render running")
            return UnsafePointer(frames.base + (frames.count &- 1))
        }
        nonmutating unsafeMutableAddress {
            assert(frames.count > 0, "PassStack.innermost with no render running")
            return frames.base + (frames.count &- 1)
        }
    }

    /// Whether the innermost pass asked for no child off its old list.
    @inlinable
    var innermostAskedNothing: Bool { asked.count == Int(innermost.firstAsked) }

    /// Closes the innermost frame, which has nothing to clean up.
    @inlinable
    mutating func closeLeaf() {
        assert(frames.count > 0, "PassStack.closeLeaf() with no render running")
        frames.count -= 1
    }

    /// Closes the innermost frame and returns it, for its cleanup.
    @inlinable
    mutating func close() -> RenderFrame {
        frames.pop()
    }

    /// The innermost pass asked for `child`, out of its old order.
    @inlinable
    mutating func ask(_ child: NodeID) {
        asked.push(child)
    }

    /// Takes the last child asked for off the stack; there must be one.
    @inline(__always)
    mutating func popLastAsked() -> NodeID {
        asked.pop()
    }

    /// Takes the children asked for since `first` off the stack, last
    /// first: `body` links them.
    @inline(__always)
    mutating func popAsked(downTo first: Int, _ body: (NodeID) -> Void) {
        assert(first >= 0 && first <= asked.count, "PassStack.popAsked(downTo:) past the children asked for")
        var k = asked.count
        while k > first {
            k -= 1
            body(asked[k])
        }
        asked.count = first
    }

    /// Whether a render of `node` is running (R15). A walk, taken only by a
    /// send during a render pass.
    func isRendering(_ node: NodeID) -> Bool {
        var k = frames.count
        while k > 0 {
            k -= 1
            if frames[k].node == node { return true }
        }
        return false
    }

    /// From this number on, the next top-level render pass renumbers first.
    /// A pass renders each node at most once, and nodes number fewer than
    /// 2^31, so no pass can run past `UInt32.max` from below it.
    @inlinable
    static var renumberingThreshold: UInt32 { UInt32.max / 2 }

    /// Whether the numbers must start again before the next top-level pass.
    @inlinable
    var isRenumberingDue: Bool { counter > Self.renumberingThreshold }

    /// The numbers start again: what the runtime remembers was set back to
    /// 0 or 1, so the next pass is 2.
    mutating func didRenumber() {
        counter = 1
    }

    /// Before a top-level pass: where this thread's stack ends.
    @inlinable
    mutating func willRender(stackEnd: UInt) {
        self.stackEnd = stackEnd
    }

    /// Gives back room beyond what a tree of `live` nodes needs: a frame per
    /// level and an entry per child asked for, at most the live nodes.
    mutating func shrink(expecting live: Int, minimum: Int) {
        frames.shrink(expecting: live, minimum: minimum)
        asked.shrink(expecting: live, minimum: minimum)
    }

    #if DEBUG
    /// The numbering jumps to `pass`, as after a long run: for the tests of
    /// the renumbering.
    mutating func jump(to pass: UInt32) {
        counter = pass
    }

    /// Between passes: no frame open, no child left on the stack.
    func checkInvariants() {
        if frames.count != 0 { fatalError("Runtime invariant broken: \(frames.count) render frames open between passes") }
        if asked.count != 0 { fatalError("Runtime invariant broken: \(asked.count) children left on the stack between passes") }
    }
    #endif
}
