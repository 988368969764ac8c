#if DEBUG
import Testing
@testable import Workflow

/// The memory budget (W6: at most 200 bytes per node) rests on these
/// sizes; a field added to a record shows up here before it shows up in
/// `make bench`.
@Suite("Memory layout of the fast runtime")
struct MemoryLayoutTests {
    @Test("A node record is 48 bytes, 64 with its key in the arena")
    func nodeRecord() {
        #expect(MemoryLayout<NodeRecord>.stride == 48)
        #expect(MemoryLayout<NodeArena.Entry>.stride == 64)
    }

    @Test("A sink is one reference, and an optional sink costs no tag byte")
    func sink() {
        #expect(MemoryLayout<Sink<Int>>.size == 8)
        #expect(MemoryLayout<Sink<Int>?>.size == 8)
    }

    @Test("Slots carry no output route: workflow value, state and rendering only")
    func nodeSlot() {
        struct Leaf: Workflow {
            var value: Int
            typealias State = Int
            func makeInitialState() -> Int { 0 }
            func render(state: Int, context: RenderContext<Leaf>) -> Sink<Int> { Sink { _ in } }
        }
        #expect(MemoryLayout<NodeSlot<Leaf>>.stride == 24)
    }
}
#endif
