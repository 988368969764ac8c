/// The public `Lifetime` with the links of its node's `SideEffectList`, so a
/// side effect costs this one object.
@usableFromInline
final class SideEffectLifetime: Lifetime {
    /// Unchecked: read per render, a borrow a check would make a call and a
    /// copy; written only while nothing else reaches it (a spare's).
    @exclusivity(unchecked) var key: SideEffectKey
    /// What the node's list keeps here.
    struct Link {
        var seenInPass: UInt32
        var next: Unmanaged<SideEffectLifetime>?
    }
    /// Checked at no cost: private, and no access calls anything, so the
    /// compiler proves every access exclusive and drops the check.
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
