/// The fatal errors of both runtimes, worded once so that both say the same
/// thing: each names the workflow type and the key involved.
@usableFromInline
package enum RuntimeErrors {
    /// R8: the same (type, key) asked for twice in one render pass.
    @usableFromInline
    package static func duplicateChild(childType: Any.Type, key: String, parentType: Any.Type) -> Never {
        fatalError("Duplicate child: \(parentType) rendered the child workflow \(childType) with key \"\(key)\" twice in one render pass; give each child of one type a unique key.")
    }

    /// The same side-effect key run twice in one render pass.
    @usableFromInline
    package static func duplicateSideEffect(workflowType: Any.Type, key: AnyHashable) -> Never {
        fatalError("Duplicate side effect: \(workflowType) ran the side effect with key \"\(key.base)\" twice in one render pass.")
    }

    /// R11: a side-effect key that is not equal to itself (such as
    /// `Double.nan`) could never be found again in the next pass.
    @usableFromInline
    package static func sideEffectKeyNotEqualToItself(workflowType: Any.Type, key: AnyHashable) -> Never {
        fatalError("\(workflowType) ran a side effect with key \"\(key.base)\", which is not equal to itself (==), so no later pass could keep it running; use a key whose == holds for itself (not Double.nan).")
    }

    /// R15: a send while a render pass is in progress.
    package static func sendDuringRender(actionType: Any.Type, workflowType: Any.Type, key: String) -> Never {
        fatalError("A sink of \(workflowType) (key \"\(key)\") received \(actionType) while a render pass is in progress; sinks may be sent to only outside render(state:context:).")
    }

    /// R5: a render context used outside the render call that got it.
    @usableFromInline
    package static func contextUsedOutsideRender(workflowType: Any.Type, key: String) -> Never {
        fatalError("The RenderContext of \(workflowType) (key \"\(key)\") was used outside the render(state:context:) call that got it.")
    }

    /// R5: a render context used after the render that got it returned.
    /// The context checks this itself, before reading anything of the
    /// runtime, which may be gone.
    @usableFromInline
    package static func contextUsedAfterRender(workflowType: Any.Type) -> Never {
        fatalError("RenderContext<\(workflowType)> was used after the render(state:context:) call that got it returned. A RenderContext is valid only during that call: make sinks with it there and keep the sinks (or the rendering's callbacks), never the context.")
    }

    /// R19 during a render pass.
    package static func updateDuringRender(workflowType: Any.Type) -> Never {
        fatalError("update(workflow:) was called on the host of \(workflowType) while a render pass is in progress.")
    }
}

/// When a host may start a cascade (R15, R16): at once when idle, later when
/// busy with one, never during a render pass; and, once the host is
/// released, never again (R10).
@usableFromInline
package final class CascadeGate {
    /// A render pass is in progress: sends are fatal errors.
    @usableFromInline
    package var isRendering = false
    /// A cascade is in progress (applying actions, notifying observers).
    package private(set) var isBusy = false
    /// The host was released: nothing more of its work runs, and cascades
    /// queued or sent from now on are dropped.
    package private(set) var isClosed = false
    private var deferred: [() -> Void] = []
    private var teardown: (() -> Void)?

    package init() {}

    /// Queues `cascade` to run after the current one.
    package func enqueue(_ cascade: @escaping () -> Void) {
        guard !isClosed else { return }
        deferred.append(cascade)
    }

    /// Runs `cascade` now (the gate must be idle), then every cascade queued
    /// meanwhile, in order, each on its own; then, if the host was released
    /// meanwhile, its teardown.
    package func run(_ cascade: () -> Void) {
        isBusy = true
        cascade()
        isBusy = false
        while !deferred.isEmpty, !isClosed {
            let next = deferred.removeFirst()
            isBusy = true
            next()
            isBusy = false
        }
        if isClosed {
            deferred = []
            let pending = teardown
            teardown = nil
            pending?()
        }
    }

    /// The host's release: `teardown` (ending every node and lifetime) runs
    /// now if the gate is idle, else once the running cascade has unwound,
    /// so that no code of the host runs on a tree that is gone.
    package func close(then teardown: @escaping () -> Void) {
        isClosed = true
        if isBusy || isRendering {
            self.teardown = teardown
        } else {
            teardown()
        }
    }
}
