/// The lifetime of a side effect: from the render pass that first ran its key
/// to the first pass that did not ask for it, or the end of its node (R12).
public final class Lifetime {
    /// Whether the lifetime has ended.
    @exclusivity(unchecked) public private(set) var hasEnded = false

    /// The first action kept apart, so the usual single action costs no array.
    @exclusivity(unchecked) var firstOnEnded: (() -> Void)?
    @exclusivity(unchecked) var moreOnEnded: [() -> Void] = []

    // The fast runtime keeps a node's side effects in a list through their
    // lifetimes (`SideEffectList`), so that a side effect costs this one
    // object. Unused by the other runtimes.

    /// The side effect's key.
    @exclusivity(unchecked) var key: SideEffectKey
    /// The last render pass of the node that asked for the key (R11).
    @exclusivity(unchecked) var seenInPass: UInt32 = 0
    /// The node's next side effect in start order (retained by the list).
    @exclusivity(unchecked) var nextSideEffect: Unmanaged<Lifetime>?

    package init() {
        key = .int(0)
    }

    /// A side effect of the fast runtime, first asked for in `pass`.
    init(key: SideEffectKey, pass: UInt32) {
        self.key = key
        self.seenInPass = pass
    }

    /// Registers `action` to run when the lifetime ends; actions run once, in
    /// registration order. Registered after the end, it runs at once.
    public func onEnded(_ action: @escaping () -> Void) {
        if hasEnded {
            action()
        } else if firstOnEnded == nil {
            firstOnEnded = action
        } else {
            moreOnEnded.append(action)
        }
    }

    /// Ends the lifetime: runs the `onEnded` actions once.
    package func end() {
        guard !hasEnded else { return }
        hasEnded = true
        firstOnEnded.take()?()
        guard !moreOnEnded.isEmpty else { return }
        let more = moreOnEnded
        moreOnEnded = []
        for action in more {
            action()
        }
    }

    deinit {
        end()
    }
}
