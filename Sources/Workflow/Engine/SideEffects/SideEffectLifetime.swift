/// The public `Lifetime` with the links of its node's `SideEffectList`, so a
/// side effect costs this one object.
@usableFromInline
final class SideEffectLifetime: Lifetime {
    /// Unchecked: read per render, a borrow a check would make a call and a
    /// copy; written only while nothing else reaches it (a spare's).
    @exclusivity(unchecked) private(set) var key: SideEffectKey
    /// An `Int` key's value: read out of the object, the enum is copied.
    @exclusivity(unchecked) private var intKey: Int?
    /// What the node's list keeps here.
    struct Link {
        var seenInPass: UInt32
        var next: Unmanaged<SideEffectLifetime>?
    }
    /// Checked at no cost: private, no access calls anything.
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

    /// Whether the side effect's key is `key`; two `Int`s compare as words.
    @inline(__always)
    func hasKey(_ key: SideEffectKey) -> Bool {
        if case let .int(asked) = key, let stored = intKey { return stored == asked }
        return self.key == key
    }

    /// A spare's new key.
    func setKey(_ key: SideEffectKey) {
        if case let .int(value) = key { intKey = value } else { intKey = nil }
        self.key = key
    }

    /// An ended side effect's key goes (its deinit runs); `.int(0)` owns nothing.
    @inline(__always)
    func clearKey() {
        key = .int(0)
        intKey = 0
    }

    /// A side effect first asked for in `pass`.
    init(key: SideEffectKey, pass: UInt32) {
        self.key = key
        if case let .int(value) = key { self.intKey = value }
        self.link = Link(seenInPass: pass, next: nil)
        super.init()
    }
}
