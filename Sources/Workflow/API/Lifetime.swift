/// The lifetime of a side effect: from the render pass that first ran its key
/// to the first pass that did not ask for it, or the end of its node (R12).
///
/// Not `final` so that the fast runtime can keep its own bookkeeping in a
/// subclass (`SideEffectLifetime`), still one object per side effect; every
/// member is `final`, and no other module can subclass it.
public class Lifetime {
    /// Whether the lifetime has ended.
    @exclusivity(unchecked) public final private(set) var hasEnded = false

    /// The first action kept apart, so the usual single action costs no array.
    @exclusivity(unchecked) final var firstOnEnded: (() -> Void)?
    @exclusivity(unchecked) final var moreOnEnded: [() -> Void] = []

    @usableFromInline package init() {}

    /// Registers `action` to run when the lifetime ends; actions run once, in
    /// registration order. Registered after the end, it runs at once.
    public final func onEnded(_ action: @escaping () -> Void) {
        if hasEnded {
            action()
        } else if firstOnEnded == nil {
            firstOnEnded = action
        } else {
            moreOnEnded.append(action)
        }
    }

    /// Ends the lifetime: runs the `onEnded` actions once.
    package final func end() {
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

    /// Makes an ended lifetime new again, for the fast runtime's spares
    /// (`SideEffectLifetimeSpares`): only one nothing else can reach.
    package final func restart() {
        hasEnded = false
    }

    deinit {
        end()
    }
}
