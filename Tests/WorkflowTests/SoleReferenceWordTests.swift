import Testing
@testable import Workflow

// R5's pool keeps a context only when nothing but the pool references it;
// its shortcut compares the context's reference-count word with that of an
// object held once. The shortcut may only ever say "held once" for an object
// that is: another strong, a weak or an unowned reference must each change
// the word.

private final class Referenced {}

@Suite("Sole reference word")
struct SoleReferenceWordTests {
    @Test("R5: an object held once has the word of an object held once")
    func heldOnce() {
        #expect(SoleReferenceWord.value != SoleReferenceWord.none)
        let held = Unmanaged.passRetained(Referenced())
        #expect(SoleReferenceWord.word(of: held.toOpaque()) == SoleReferenceWord.value)
        held.release()
    }

    @Test("R5: a second strong reference changes the word")
    func secondStrongReference() {
        let held = Unmanaged.passRetained(Referenced())
        let second = held.retain()
        #expect(SoleReferenceWord.word(of: held.toOpaque()) != SoleReferenceWord.value)
        second.release()
        held.release()
    }

    @Test("R5: a weak reference changes the word, and it stays changed after the reference goes")
    func weakReference() {
        let held = Unmanaged.passRetained(Referenced())
        weak var weakly = held.takeUnretainedValue()
        #expect(weakly != nil)
        #expect(SoleReferenceWord.word(of: held.toOpaque()) != SoleReferenceWord.value)
        weakly = nil
        #expect(weakly == nil)
        #expect(SoleReferenceWord.word(of: held.toOpaque()) != SoleReferenceWord.value)
        held.release()
    }

    @Test("R5: an unowned reference changes the word")
    func unownedReference() {
        let held = Unmanaged.passRetained(Referenced())
        unowned(safe) let kept = held.takeUnretainedValue()
        #expect(SoleReferenceWord.word(of: held.toOpaque()) != SoleReferenceWord.value)
        withExtendedLifetime(kept) {}
        held.release()
    }
}
