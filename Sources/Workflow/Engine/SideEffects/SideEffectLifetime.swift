/// A side effect's lifetime as the fast runtime keeps it: the public
/// `Lifetime` with the fields of the node's `SideEffectList`, which runs
/// through them, so that a side effect costs this one object.
@usableFromInline
final class SideEffectLifetime: Lifetime {
    /// What the node's list keeps here.
    struct Link {
        /// The side effect's key (a spare's is rewritten when it is reused).
        var key: SideEffectKey
        /// The last render pass of the node that asked for the key (R11).
        var seenInPass: UInt32
        /// The node's next side effect in start order (retained by the list).
        var next: Unmanaged<SideEffectLifetime>?
    }
    /// Read per side effect per render of its node. Checked, at no cost in
    /// an optimised build: private, and no access to it calls into this
    /// module, so the compiler proves every access exclusive and drops the
    /// check. (Rewriting a spare's key releases the old one, which may run a
    /// user's deinit; that code cannot reach this object.)
    private var link: Link

    /// The side effect's key.
    var key: SideEffectKey {
        get { link.key }
        set { link.key = newValue }
    }
    /// The last render pass of the node that asked for the key (R11).
    var seenInPass: UInt32 {
        get { link.seenInPass }
        set { link.seenInPass = newValue }
    }
    /// The node's next side effect in start order (retained by the list).
    var nextSideEffect: Unmanaged<SideEffectLifetime>? {
        get { link.next }
        set { link.next = newValue }
    }

    /// A side effect first asked for in `pass`.
    init(key: SideEffectKey, pass: UInt32) {
        self.link = Link(key: key, seenInPass: pass, next: nil)
        super.init()
    }
}
