/// A side effect's lifetime as the fast runtime keeps it: the public
/// `Lifetime` with the fields of the node's `SideEffectList`, which runs
/// through them, so that a side effect costs this one object.
@usableFromInline
final class SideEffectLifetime: Lifetime {
    /// The side effect's key.
    @exclusivity(unchecked) var key: SideEffectKey
    /// The last render pass of the node that asked for the key (R11).
    @exclusivity(unchecked) var seenInPass: UInt32
    /// The node's next side effect in start order (retained by the list).
    @exclusivity(unchecked) var nextSideEffect: Unmanaged<SideEffectLifetime>?

    /// A side effect first asked for in `pass`.
    init(key: SideEffectKey, pass: UInt32) {
        self.key = key
        self.seenInPass = pass
        super.init()
    }
}
