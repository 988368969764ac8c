import Testing
@testable import Workflow
import WorkflowHostHarness

// R1 and R6 across hosts: the child-index table of a host that ended waits
// for the next host, emptied, so that the next host finds none of the old
// children in it and every pair it asks for starts a node; a table too large
// to keep is freed.

/// How many leaves started, reset by each test.
@MainActor
private enum Started {
    static var leaves = 0
}

/// A leaf that counts its starts.
private struct SpareIndexLeafDugong: Workflow {
    typealias State = Void

    func makeInitialState() {
        MainActor.assumeIsolated { Started.leaves += 1 }
    }

    func render(state: Void, context: RenderContext<SpareIndexLeafDugong>) -> Int { 1 }
}

/// `count` leaves keyed "leaf-i", last first when `reversed`.
private struct SpareIndexRootDugong: Workflow {
    var count: Int
    var reversed = false

    typealias State = Void

    func render(state: Void, context: RenderContext<SpareIndexRootDugong>) -> Int {
        let order = reversed ? Array((0..<count).reversed()) : Array(0..<count)
        return order.reduce(0) { total, index in
            total + SpareIndexLeafDugong().rendered(in: context, key: "leaf-\(index)")
        }
    }
}

@MainActor
@Suite("Child index spares", .serialized)
struct ChildIndexSparesTests {
    @Test("R1, R6: an ended host's child-index table serves the next host, emptied: every child of the next host starts new")
    func endedHostTableServesTheNextHost() {
        // A table another test's host left goes first (in this synchronous
        // body, no other host starts or ends meanwhile).
        ChildIndexSpares.discard()
        Started.leaves = 0
        var host: TestHost<SpareIndexRootDugong>? = TestHost(.fast, SpareIndexRootDugong(count: 300))
        #expect(host?.rendering == 300)
        host?.release()
        host = nil
        // 300 children at a load of at most 1/2: at least 1,024 entries.
        let kept = ChildIndexSpares.spare
        #expect((kept?.capacity ?? 0) >= 1_024)
        if let kept {
            let left = (0..<kept.capacity).filter { !kept.entries[$0].node.isNone }.count
            #expect(left == 0, "entries left in the kept table")
        }

        Started.leaves = 0
        host = TestHost(.fast, SpareIndexRootDugong(count: 300))
        #expect(host?.rendering == 300)
        // Taken by the new host, whose children all started: none was found
        // in what the old host left.
        #expect(ChildIndexSpares.spare == nil)
        #expect(Started.leaves == 300)
        // Asked for last first, each child is found through the index
        // (not the in-order cursor): none starts again.
        host?.update(workflow: SpareIndexRootDugong(count: 300, reversed: true))
        #expect(host?.rendering == 300)
        #expect(Started.leaves == 300)
        host?.release()
        host = nil
        #expect(ChildIndexSpares.spare?.entries == kept?.entries)
    }

    @Test("R1, R6: a table larger than the spares keep is freed, not kept")
    func largeTableIsFreed() {
        ChildIndexSpares.discard()
        var host: TestHost<SpareIndexRootDugong>? = TestHost(.fast, SpareIndexRootDugong(count: 10))
        host?.release()
        host = nil
        // 10 children: the first 16 entries grew once, to 64.
        #expect(ChildIndexSpares.spare?.capacity == 64)

        // 10,000 children need 32,768 entries: more than the spares keep.
        host = TestHost(.fast, SpareIndexRootDugong(count: 10_000))
        #expect(host?.rendering == 10_000)
        #expect(ChildIndexSpares.spare == nil)
        host?.release()
        host = nil
        #expect(ChildIndexSpares.spare == nil)
    }
}
