/// A node's sink for one action type (R13): made by the first pass that
/// declares it, reused while passes do, dead for good from the first that
/// does not or the node's end. Main-actor isolated (R22), which makes every
/// sink target, and so `Sink`, `Sendable`.
@usableFromInline @MainActor
package class SinkRegistration {
    /// What the node's `SinkList` keeps here.
    @usableFromInline
    struct Link {
        @usableFromInline var declaredInPass: UInt32
        @usableFromInline var next: SinkRegistration?
    }
    /// Unchecked: per sink declared per render, by short accesses that run no
    /// user code (the list takes a registration out before it goes).
    @exclusivity(unchecked) @usableFromInline nonisolated(unsafe) var link: Link

    /// The last pass that declared the action type; 0 once dead. (The action
    /// type is the target's dynamic type: no field, 64 bytes in all.)
    @inlinable
    var declaredInPass: UInt32 {
        get { link.declaredInPass }
        set { link.declaredInPass = newValue }
    }
    /// The node's next registration.
    @inlinable
    var next: SinkRegistration? {
        get { link.next }
        set { link.next = newValue }
    }

    @usableFromInline
    nonisolated init(declaredInPass: UInt32) {
        self.link = Link(declaredInPass: declaredInPass, next: nil)
    }

    @inlinable
    var isAlive: Bool { declaredInPass != 0 }

    /// The node the registration belongs to, for the invariant walk.
    var ownerNode: NodeHandle? { nil }
}
