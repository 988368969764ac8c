/// The lifetime of a side effect: from the render pass that first ran its key
/// to the first pass that did not ask for it, or the end of its node (R12).
///
/// Not `final` so that the fast runtime can keep its own bookkeeping in a
/// subclass (`SideEffectLifetime`), still one object per side effect; every
/// member is `final`, and no other module can subclass it.
public class Lifetime {
    /// Whether the lifetime has ended.
    public final var hasEnded: Bool { state.hasEnded }

    struct State {
        var hasEnded = false
        /// The first action kept apart, so the usual single action costs no array.
        var firstOnEnded: (() -> Void)?
        var moreOnEnded: [() -> Void] = []
    }
    /// Unchecked: read and written as each side effect starts and ends,
    /// which a render pass does for every key it no longer asks for. Each
    /// access reads or stores a value and calls nothing: an action is taken
    /// out before it runs.
    @exclusivity(unchecked) final var state = State()

    @usableFromInline package init() {}

    /// Registers `action` to run when the lifetime ends; actions run once, in
    /// registration order. Registered after the end, it runs at once.
    public final func onEnded(_ action: @escaping () -> Void) {
        if state.hasEnded {
            action()
        } else if state.firstOnEnded == nil {
            state.firstOnEnded = action
        } else {
            state.moreOnEnded.append(action)
        }
    }

    /// Ends the lifetime: runs the `onEnded` actions once.
    package final func end() {
        guard !state.hasEnded else { return }
        state.hasEnded = true
        // Taken out, called, then released: no copy of it is made.
        if let first = state.firstOnEnded.take() {
            first()
        }
        guard !state.moreOnEnded.isEmpty else { return }
        let more = state.moreOnEnded
        state.moreOnEnded = []
        for action in more {
            action()
        }
    }

    /// Makes an ended lifetime new again, for the fast runtime's spares
    /// (`SideEffectLifetimeSpares`): only one nothing else can reach.
    package final func restart() {
        state.hasEnded = false
    }

    deinit {
        end()
    }
}
