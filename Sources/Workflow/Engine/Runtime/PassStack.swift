/// The running passes: their `RenderFrame`s, the children they asked for, the
/// pass numbers, the stack's end. No user code: called between render steps.
@usableFromInline
struct PassStack: ~Copyable {
    @usableFromInline var _frames = RawStack<RenderFrame>(capacity: 16)
    /// Children asked for, each frame's from `firstAsked`: its next child list.
    @usableFromInline var _asked = RawStack<NodeID>(capacity: 64)
    /// The last pass number handed out; 0 before the first.
    @usableFromInline var _counter: UInt32 = 0
    /// `StackGuard`'s stack end, read per top-level pass; 0 checks nothing.
    @usableFromInline var _stackEnd: UInt = 0

    @usableFromInline
    init() {}

    /// `StackGuard`'s stack end for the running top-level pass; the frames.
    @inlinable var stackEnd: UInt { _stackEnd }
    @inlinable var depth: Int { _frames.count }


    /// No pass number a node, side effect or sink remembers is above this.
    @inlinable
    var lastPass: UInt32 { _counter }

    /// Opens `node`'s frame, old children from `firstChild`; returns its pass.
    @inlinable @inline(__always)
    mutating func open(_ node: NodeID, firstChild: NodeID) -> UInt32 {
        _counter &+= 1
        if _counter == 0 { _counter = 1 }
        _frames.push(RenderFrame(
            node: node, pass: _counter, firstAsked: Int32(truncatingIfNeeded: _asked.count), cursor: firstChild
        ))
        return _counter
    }

    /// The innermost frame, in place; there must be one.
    @inlinable
    var innermost: RenderFrame {
        unsafeAddress {
            assert(_frames.count > 0, "PassStack.innermost with no render running")
            return UnsafePointer(_frames.last)
        }
        nonmutating unsafeMutableAddress {
            assert(_frames.count > 0, "PassStack.innermost with no render running")
            return _frames.last
        }
    }

    /// Whether the innermost pass asked for no child off its old list.
    @inlinable
    var innermostAskedNothing: Bool { _asked.count == Int(innermost.firstAsked) }

    /// Closes the innermost frame, which has nothing to clean up.
    @inlinable
    mutating func closeLeaf() {
        assert(_frames.count > 0, "PassStack.closeLeaf() with no render running")
        _frames.removeLast(downTo: _frames.count - 1)
    }

    @inlinable
    mutating func close() -> RenderFrame {
        _frames.pop()
    }

    /// The innermost pass asked for `child`, out of its old order.
    @inlinable
    mutating func ask(_ child: NodeID) {
        _asked.push(child)
    }

    /// Takes the last child asked for off the stack; there must be one.
    @inline(__always)
    mutating func popLastAsked() -> NodeID {
        _asked.pop()
    }

    /// Pops the children asked for since `first`, last first, for `body`.
    @inline(__always)
    mutating func popAsked(downTo first: Int, _ body: (NodeID) -> Void) {
        assert(first >= 0 && first <= _asked.count, "PassStack.popAsked(downTo:) past the children asked for")
        var k = _asked.count
        while k > first {
            k -= 1
            body(_asked[k])
        }
        _asked.removeLast(downTo: first)
    }

    /// R15: whether a render of `node` is running; a walk, for sends in a pass.
    func isRendering(_ node: NodeID) -> Bool {
        var k = _frames.count
        while k > 0 {
            k -= 1
            if _frames[k].node == node { return true }
        }
        return false
    }

    /// From here the next top-level pass renumbers first: it renders each of
    /// fewer than 2^31 nodes at most once, so cannot run past `UInt32.max`.
    @inlinable
    static var renumberingThreshold: UInt32 { UInt32.max / 2 }

    @inlinable
    var isRenumberingDue: Bool { _counter > Self.renumberingThreshold }

    /// Remembered numbers are back to 0 or 1: the next pass is 2.
    mutating func didRenumber() {
        _counter = 1
    }

    /// Before a top-level pass: where this thread's stack ends.
    @inlinable
    mutating func willRender(stackEnd: UInt) {
        _stackEnd = stackEnd
    }

    /// Gives back room beyond what a tree of `live` nodes needs.
    mutating func shrink(expecting live: Int, minimum: Int) {
        _frames.shrink(expecting: live, minimum: minimum)
        _asked.shrink(expecting: live, minimum: minimum)
    }

    #if DEBUG
    /// Jumps to `pass`, as after a long run: for the renumbering's tests.
    mutating func jump(to pass: UInt32) {
        _counter = pass
    }

    /// Between passes: no frame open, no child left on the stack.
    func checkInvariants() {
        if _frames.count != 0 { fatalError("Runtime invariant broken: \(_frames.count) render _frames open between passes") }
        if _asked.count != 0 { fatalError("Runtime invariant broken: \(_asked.count) children left on the stack between passes") }
    }
    #endif
}
