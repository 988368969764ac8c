/// A side effect's lifetime as the fast runtime keeps it: the public
/// `Lifetime` with the fields of the node's `SideEffectList`, which runs
/// through them, so that a side effect costs this one object.
@usableFromInline
final class SideEffectLifetime: Lifetime {
    /// The side effect's key, compared per side effect per render of its
    /// node. Unchecked: a read there is a borrow, which a check would turn
    /// into a call and a copy; it is written only while nothing else can
    /// reach the lifetime (a spare's, `SideEffectLifetimeSpares`).
    @exclusivity(unchecked) var key: SideEffectKey
    /// What the node's list keeps here.
    struct Link {
        /// The last render pass of the node that asked for the key (R11).
        var seenInPass: UInt32
        /// The node's next side effect in start order (retained by the list).
        var next: Unmanaged<SideEffectLifetime>?
    }
    /// Read per side effect per render of its node. Checked, at no cost in
    /// an optimised build: private, and no access to it calls anything, so
    /// the compiler proves every access exclusive and drops the check.
    private var link: Link

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
        self.key = key
        self.link = Link(seenInPass: pass, next: nil)
        super.init()
    }
}
