import Testing
@testable import Workflow

// R5: the runtime reuses a render context, and an ended side effect's
// lifetime, only when its own reference is the only one. Another strong, a
// weak or an unowned reference must each make it keep its hands off.

private final class Referenced {}

@Suite("Sole reference")
struct SoleReferenceTests {
    @Test("R5: an object held once is held by nothing else")
    func heldOnce() {
        var held = Unmanaged.passRetained(Referenced())
        #expect(SoleReference.isSole(&held))
        // The test made no retain or release: the object still has one.
        #expect(SoleReference.isSole(&held))
        held.release()
    }

    @Test("R5: a second strong reference is seen")
    func secondStrongReference() {
        var held = Unmanaged.passRetained(Referenced())
        let second = held.retain()
        #expect(!SoleReference.isSole(&held))
        second.release()
        #expect(SoleReference.isSole(&held))
        held.release()
    }

    @Test("R5: a weak reference is seen, for as long as it lasts")
    func weakReference() {
        var held = Unmanaged.passRetained(Referenced())
        do {
            weak var weakly = held.takeUnretainedValue()
            #expect(!SoleReference.isSole(&held))
            withExtendedLifetime(weakly) {}
        }
        held.release()
    }

    @Test("R5: an unowned reference is seen, for as long as it lasts")
    func unownedReference() {
        var held = Unmanaged.passRetained(Referenced())
        do {
            unowned let unownedly = held.takeUnretainedValue()
            #expect(!SoleReference.isSole(&held))
            withExtendedLifetime(unownedly) {}
        }
        #expect(SoleReference.isSole(&held))
        held.release()
    }
}
