/// A side effect's lifetime, until a pass omits its key or node ends (R12).
///
/// Only the engine's `SideEffectLifetime` subclasses it; members are `final`.
public class Lifetime {
    /// Whether the lifetime has ended.
    public final var hasEnded: Bool { state.hasEnded }

    struct State {
        var hasEnded = false
        /// The first action kept apart, so the usual single action costs no array.
        var firstOnEnded: (() -> Void)?
        var moreOnEnded: [() -> Void] = []
    }
    /// Unchecked: no access calls anything (an action is taken out to run).
    @exclusivity(unchecked) final var state = State()

    @usableFromInline package init() {}

    /// Runs `action` once at the end, in registration order; now if it ended.
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

    /// Renews an ended, unshared lifetime (`SideEffectLifetimeSpares`).
    package final func restart() {
        state.hasEnded = false
    }

    deinit {
        end()
    }
}
