/// The lifetime of a side effect: from the render pass that first ran its key
/// to the first pass that did not ask for it, or the end of its node (R12).
public final class Lifetime {
    /// Whether the lifetime has ended.
    @exclusivity(unchecked) public private(set) var hasEnded = false

    /// The first action kept apart, so the usual single action costs no array.
    @exclusivity(unchecked) var firstOnEnded: (() -> Void)?
    @exclusivity(unchecked) var moreOnEnded: [() -> Void] = []

    package init() {}

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
        let first = firstOnEnded
        let more = moreOnEnded
        firstOnEnded = nil
        moreOnEnded = []
        first?()
        for action in more {
            action()
        }
    }

    deinit {
        end()
    }
}
