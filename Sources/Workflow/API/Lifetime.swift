/// The lifetime of a side effect: from the render pass that first ran its key
/// to the first pass that did not ask for it, or the end of its node (R12).
public final class Lifetime {
    /// Whether the lifetime has ended.
    public private(set) var hasEnded = false

    var onEndedActions: [() -> Void] = []

    package init() {}

    /// Registers `action` to run when the lifetime ends; actions run once, in
    /// registration order. Registered after the end, it runs at once.
    public func onEnded(_ action: @escaping () -> Void) {
        if hasEnded {
            action()
        } else {
            onEndedActions.append(action)
        }
    }

    /// Ends the lifetime: runs the `onEnded` actions once.
    package func end() {
        guard !hasEnded else { return }
        hasEnded = true
        let actions = onEndedActions
        onEndedActions = []
        for action in actions {
            action()
        }
    }

    deinit {
        end()
    }
}
