/// The reference-count word of a Swift object that exactly one strong
/// reference holds and that was never referenced weakly or unowned, read
/// from an object in that state when the process first needs it. An object
/// whose word equals it has no other strong, weak or unowned reference:
/// the render-context pool's check per render (`isHeldByPoolOnly`) is then
/// one load and one comparison instead of two runtime calls.
///
/// The word is only ever a shortcut to "yes": any other word (another
/// runtime's layout, an object that once had a weak reference) takes the
/// full check. The probe is checked the full way too, and a word that does
/// not say "held once" is never used (`none`, which no live object has:
/// its unowned count is at least one).
@usableFromInline
enum SoleReferenceWord {
    private final class Probe {}

    /// Never the word of a live object.
    @usableFromInline static var none: UInt { 0 }

    /// The word, or `none` where the layout is not the one read here.
    @usableFromInline
    static let value: UInt = {
        #if _pointerBitWidth(_64)
        // Escapes through `Unmanaged`, so that it lives on the heap like any
        // context, held once.
        let held = Unmanaged.passRetained(Probe())
        let heldOnce = word(of: held.toOpaque())
        var probe = held.takeRetainedValue()
        let isHeldOnce = isKnownUniquelyReferenced(&probe) && _getWeakRetainCount(probe) <= 1
        let unchanged = word(of: Unmanaged.passUnretained(probe).toOpaque()) == heldOnce
        return isHeldOnce && unchanged ? heldOnce : none
        #else
        return none
        #endif
    }()

    /// The reference-count word of the object at `object`: the word after
    /// its metadata pointer.
    @inlinable @inline(__always)
    static func word(of object: UnsafeMutableRawPointer) -> UInt {
        object.load(fromByteOffset: MemoryLayout<UInt>.size, as: UInt.self)
    }
}
