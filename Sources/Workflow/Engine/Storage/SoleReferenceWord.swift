/// The reference-count word of an object held once and never weakly or
/// unowned, read from a probe: an equal word means no other reference, so
/// the pool's per-render check is one load and compare instead of
/// `SoleReference`'s three runtime calls (about 38 instructions a render).
/// Only a shortcut to "yes": the probe first shows that this runtime keeps
/// its counts there (the full check agrees; a second strong, an unowned and
/// a weak reference each change the word), else the word is `none`.
@usableFromInline
enum SoleReferenceWord {
    private final class Probe {}
    private final class UnownedReference {
        unowned let object: Probe
        init(_ object: Probe) { self.object = object }
    }
    private final class WeakReference {
        weak var object: Probe?
        init(_ object: Probe) { self.object = object }
    }

    /// The word when the layout is not the one read here.
    @inlinable static var none: UInt { 0 }

    /// The word, or `none` where the layout is not the one read here.
    @usableFromInline
    static let value: UInt = probedWord()

    /// Not optimised: the optimiser, blind to the word, would drop the probe's
    /// retain-release pair and unused references, and the layout look wrong.
    @_optimize(none)
    private static func probedWord() -> UInt {
        #if _pointerBitWidth(_64)
        // Through `Unmanaged`: on the heap, held once, like any context.
        let held = Unmanaged.passRetained(Probe())
        let address = held.toOpaque()
        let heldOnce = word(of: address)
        _ = held.retain()
        let heldTwice = word(of: address)
        held.release()
        let heldOnceAgain = word(of: address)
        var checked = held
        let fullCheck = SoleReference.isSole(&checked) && word(of: address) == heldOnce
        let probe = checked.takeRetainedValue()
        let unowned = UnownedReference(probe)
        let heldUnowned = word(of: address)
        withExtendedLifetime(unowned) {}
        let weak = WeakReference(probe)
        let heldWeakly = word(of: address)
        withExtendedLifetime(weak) {}
        let layoutHolds = fullCheck && heldOnce != none && heldOnceAgain == heldOnce
            && heldTwice != heldOnce && heldUnowned != heldOnce && heldWeakly != heldOnce
        return layoutHolds ? heldOnce : none
        #else
        return none
        #endif
    }

    /// True only when the word is `expected`; false means "check the full
    /// way". The caller holds no strong copy, which the word would count.
    @inlinable @inline(__always)
    static func isHeldOnce(_ object: UnsafeMutableRawPointer, expected: UInt) -> Bool {
        expected != none && word(of: object) == expected
    }

    /// The word after the object's metadata pointer.
    @inlinable @inline(__always)
    static func word(of object: UnsafeMutableRawPointer) -> UInt {
        object.load(fromByteOffset: MemoryLayout<UInt>.size, as: UInt.self)
    }
}
