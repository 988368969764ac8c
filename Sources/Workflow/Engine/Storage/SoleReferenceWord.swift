/// The reference-count word of a Swift object that exactly one strong
/// reference holds and that was never referenced weakly or unowned, read
/// from an object in that state when the process first needs it. An object
/// whose word equals it has no other strong, weak or unowned reference:
/// the render-context pool's check per render (`isHeldByPoolOnly`) is then
/// one load and one comparison instead of three runtime calls
/// (`SoleReference`, about 38 instructions a render).
///
/// The word is only ever a shortcut to "yes": any other word (another
/// runtime's layout, an object that once had a weak reference) takes the
/// full check. Before the word is used, the probe shows that this runtime
/// keeps its counts there: the full check says "held once", and a second
/// strong, an unowned and a weak reference each change the word. Else the
/// word is `none`, and `isHeldOnce` never says "yes".
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

    /// Not optimised: the optimiser, which cannot see the word read here,
    /// would otherwise drop the probe's retain and release pair and its
    /// unused references, and the layout would look wrong.
    @_optimize(none)
    private static func probedWord() -> UInt {
        #if _pointerBitWidth(_64)
        // Escapes through `Unmanaged`, so that it lives on the heap like any
        // context, held once.
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

    /// Whether the object at `object` is held by one strong reference and
    /// nothing else, said only when its word is `expected`, the `value` a
    /// caller read before; false means "check the full way". The caller
    /// reaches the object through an `Unmanaged` and holds no strong copy
    /// of its own, which the word would count.
    @inlinable @inline(__always)
    static func isHeldOnce(_ object: UnsafeMutableRawPointer, expected: UInt) -> Bool {
        expected != none && word(of: object) == expected
    }

    /// The reference-count word of the object at `object`: the word after
    /// its metadata pointer.
    @inlinable @inline(__always)
    static func word(of object: UnsafeMutableRawPointer) -> UInt {
        object.load(fromByteOffset: MemoryLayout<UInt>.size, as: UInt.self)
    }
}
