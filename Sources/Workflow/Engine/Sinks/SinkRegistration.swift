/// A node's sink for one action type (R13): made on the first pass that
/// declares the type, reused by every later pass that declares it again,
/// killed by the first pass that does not, or by the node's end. Once dead it
/// stays dead; a later declaration makes a new registration.
///
/// Registrations of one node form an intrusive list, the node's `SinkList`,
/// so a node with one action type costs one object.
///
/// Main-actor isolated: the runtime reads and writes the fields there only
/// (R22). That makes every sink target, and so `Sink`, `Sendable`.
@usableFromInline @MainActor
package class SinkRegistration {
    /// What the node's `SinkList` keeps here.
    @usableFromInline
    struct Link {
        @usableFromInline var declaredInPass: UInt32
        @usableFromInline var next: SinkRegistration?
    }
    /// Unchecked: read and written per sink declared per render, by the
    /// runtime's and the list's short accesses, which run no user code (the
    /// list takes a registration out before it goes).
    @exclusivity(unchecked) @usableFromInline nonisolated(unsafe) var link: Link

    /// The pass that last declared the registration's action type; 0 once
    /// the registration is dead. (The action type itself is the dynamic
    /// type of the `ActionSinkTarget`: no field for it, 64 bytes in all
    /// with the runtime, the node and its key.)
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
