/// A node's live sink registrations, one per action type (R13), newest
/// first, linked through `SinkRegistration.next` like `SideEffectList`. The
/// list retains the first, each the next; one that leaves is dead for good.
/// Nothing here runs user code: a registration holds no user value.
@usableFromInline @MainActor
struct SinkList {
    @usableFromInline var first: Unmanaged<SinkRegistration>?

    @inlinable
    nonisolated init() {
        first = nil
    }

    @inlinable
    var isEmpty: Bool { first == nil }

    /// The registration for `Action`, if the list has one. The action type
    /// is the registration's dynamic type: one identity test per entry.
    @inlinable
    func registration<Action: WorkflowAction>(for _: Action.Type) -> ActionSinkTarget<Action>? {
        let targetType = ObjectIdentifier(ActionSinkTarget<Action>.self)
        var registration = first?.takeUnretainedValue()
        while let current = registration {
            if ObjectIdentifier(type(of: current)) == targetType {
                return unsafeDowncast(current, to: ActionSinkTarget<Action>.self)
            }
            registration = current.next
        }
        return nil
    }

    /// Puts `registration` (not in a list) first; the list retains it.
    @inlinable
    mutating func add(_ registration: SinkRegistration) {
        if let first {
            registration.next = first.takeRetainedValue()
        }
        first = Unmanaged.passRetained(registration)
    }

    /// Kills the registrations not declared in `pass` (all for nil).
    mutating func kill(notDeclaredIn pass: UInt32?) {
        var kept: SinkRegistration?
        var registration = first?.takeRetainedValue()
        first = nil
        while let current = registration {
            registration = current.next
            if let pass, current.declaredInPass == pass {
                current.next = kept
                kept = current
            } else {
                current.declaredInPass = 0
                current.next = nil
            }
        }
        if let kept {
            first = Unmanaged.passRetained(kept)
        }
    }

    /// Calls `body` with each registration, newest first.
    func forEach(_ body: (SinkRegistration) -> Void) {
        var registration = first?.takeUnretainedValue()
        while let current = registration {
            registration = current.next
            body(current)
        }
    }
}
