import Foundation
import Testing
@testable import Workflow

// The engine's storage types on their own: the child index (probing,
// growth, backward-shift deletion, key hashing), the segmented buffer, the
// raw stack and the arena's free list, and how each gives memory back once
// most nodes ended. The runtime tests reach them only through trees; these
// pin each one's contract directly.

/// An arena holding `keys` as children of `parent` (slot 0 is the parent),
/// each child indexed; returns the children's slots in order.
private func indexedChildren(_ keys: [String], arena: inout NodeArena, index: inout ChildIndex) -> [NodeID] {
    if arena.count == 0 {
        _ = arena.allocate(typeIndex: TypeIndex(rawValue: 0), key: "", parent: .none)
    }
    return keys.map { key in
        let probe = index.probe(parent: parent, typeIndex: type1, key: key, in: arena)
        #expect(probe.node == .none, "\(key) was found before it was added")
        let node = arena.allocate(typeIndex: type1, key: key, parent: parent, indexHash: probe.hash)
        index.insert(node, after: probe)
        return node
    }
}

private let parent = NodeID(position: 0)
private let type1 = TypeIndex(rawValue: 1)
private let segment = SegmentedBuffer<NodeArena.Entry>.segmentSize

/// A workflow with an output, so that its store keeps output routes too.
private struct StoredLeaf: Workflow {
    var value: Int
    typealias State = Int
    typealias Output = Int
    func makeInitialState() -> Int { value }
    func render(state: Int, context: RenderContext<StoredLeaf>) -> Int { state }
}

/// Takes a slot of `store` for a node whose workflow value and state are `value`.
@MainActor
private func allocateSlot(_ value: Int, in store: NodeStore<StoredLeaf>) -> StoreSlot {
    store.allocate(NodeSlot(workflow: StoredLeaf(value: value), state: value), route: RootRoute<Int>())
}

@MainActor
@Suite("Storage")
struct StorageTests {
    // MARK: Child index

    @Test("Child index: every child added is found by (parent, type, key), another type or parent is not")
    func childIndexFinds() {
        var arena = NodeArena()
        var index = ChildIndex()
        let keys = (0..<100).map { "row-\($0)" }
        let nodes = indexedChildren(keys, arena: &arena, index: &index)
        for (key, node) in zip(keys, nodes) {
            #expect(index.find(parent: parent, typeIndex: type1, key: key, in: arena) == node)
            #expect(index.find(parent: parent, typeIndex: TypeIndex(rawValue: 2), key: key, in: arena) == .none)
            #expect(index.find(parent: NodeID(position: 5), typeIndex: type1, key: key, in: arena) == .none)
        }
        #expect(index.count == 100)
    }

    @Test("Child index: growth keeps every child and the load factor at most 1/2")
    func childIndexGrows() {
        var arena = NodeArena()
        var index = ChildIndex()
        let keys = (0..<20_000).map { "child-\($0)" }
        let nodes = indexedChildren(keys, arena: &arena, index: &index)
        #expect(index.count == 20_000)
        #expect(index.count * 2 <= index._capacity)
        for (key, node) in zip(keys, nodes) {
            #expect(index.find(parent: parent, typeIndex: type1, key: key, in: arena) == node)
        }
    }

    @Test("Child index: backward-shift deletion leaves every other child findable and no tombstone")
    func childIndexRemoves() {
        var arena = NodeArena()
        var index = ChildIndex()
        let keys = (0..<3_000).map { "k\($0)" }
        let nodes = indexedChildren(keys, arena: &arena, index: &index)
        var generator = SystemRandomNumberGenerator()
        let removed = Set(nodes.shuffled(using: &generator).prefix(1_500).map(\.rawValue))
        for node in nodes where removed.contains(node.rawValue) {
            index.remove(node, hash: arena[node].indexHash)
        }
        #expect(index.count == 1_500)
        for (key, node) in zip(keys, nodes) {
            let found = index.find(parent: parent, typeIndex: type1, key: key, in: arena)
            #expect(found == (removed.contains(node.rawValue) ? .none : node), "\(key)")
        }
        // No tombstones: the live entries are exactly the children kept.
        let live = (0..<index._capacity).filter { !index._entries[$0].node.isNone }
        #expect(live.count == 1_500)
    }

    @Test("Key hashing: ASCII keys of 0-16 bytes pack alike however they are stored, distinct keys apart, longer ones not at all")
    func packingDeterminesTheBytes() {
        let alphabet = Array("abcxyzAZ09-_.:/ K;`")
        var generator = SystemRandomNumberGenerator()
        var keyOfPacking: [[UInt64]: String] = [:]
        for length in 0...17 {
            for _ in 0..<200 {
                let key = String((0..<length).map { _ in alphabet.randomElement(using: &generator)! })
                let packed = ChildIndex.packedCanonicalBytes(key).map { [$0.0, $0.1] }
                #expect((packed != nil) == (length <= 16), "\(key)")
                // The same bytes in a heap buffer, as an interpolated or
                // appended key may hold them, pack alike.
                var appended = String()
                appended.reserveCapacity(64)
                appended.append(key)
                #expect(ChildIndex.packedCanonicalBytes(appended).map { [$0.0, $0.1] } == packed, "\(key)")
                #expect(ChildIndex.packedCanonicalBytes("\(key)").map { [$0.0, $0.1] } == packed, "\(key)")
                if let packed {
                    let earlier = keyOfPacking.updateValue(key, forKey: packed)
                    #expect(earlier == nil || earlier == key, "\(key) packs as \(earlier ?? "")")
                }
            }
        }
    }

    @Test("Key hashing: canonically equivalent keys hash alike and find the same child; non-ASCII keys work")
    func equivalentKeys() {
        let pairs: [(String, String)] = [
            ("K", "\u{212A}"), (";", "\u{037E}"), ("`", "\u{1FEF}"),
            ("caf\u{E9}", "cafe\u{301}"), ("row-K-12", "row-\u{212A}-12"),
            (String(repeating: "\u{E9}", count: 20), String(repeating: "e\u{301}", count: 20)),
        ]
        var arena = NodeArena()
        var index = ChildIndex()
        for (stored, asked) in pairs {
            #expect(stored == asked)
            #expect(index.hash(parent: parent, typeIndex: type1, key: stored) == index.hash(parent: parent, typeIndex: type1, key: asked))
            let node = indexedChildren([stored], arena: &arena, index: &index)[0]
            #expect(index.find(parent: parent, typeIndex: type1, key: asked, in: arena) == node, "\(stored) / \(asked)")
        }
        let other = indexedChildren(["\u{1F600}-emoji", "\u{65E5}\u{672C}"], arena: &arena, index: &index)
        #expect(index.find(parent: parent, typeIndex: type1, key: "\u{1F600}-emoji", in: arena) == other[0])
        #expect(index.find(parent: parent, typeIndex: type1, key: "\u{65E5}\u{672C}", in: arena) == other[1])
    }

    @Test("Key hashing: the seed differs from process to process, so colliding keys cannot be chosen in advance")
    func seedPerProcess() async {
        var printed: [String] = []
        for _ in 0..<2 {
            let result = await #expect(processExitsWith: .success, observing: [\.standardOutputContent]) {
                let index = ChildIndex()
                let node = NodeID(position: 3), type = TypeIndex(rawValue: 7)
                print("hash \(index.hash(parent: node, typeIndex: type, key: "row-42")) \(index.hash(parent: node, typeIndex: type, key: "a-much-longer-key-of-a-row"))")
            }
            printed.append(String(decoding: result?.standardOutputContent ?? [], as: UTF8.self))
        }
        #expect(printed[0].hasPrefix("hash "))
        #expect(printed[0] != printed[1])
    }

    // MARK: Segmented buffer, raw stack, arena

    @Test("Segmented buffer: values survive growth, and a full segment never moves")
    func segmentedBuffer() {
        var buffer = SegmentedBuffer<Int>(initialCapacity: 4)
        var count = 0
        var firstAddress: UnsafeMutablePointer<Int>?
        while count < 5 * SegmentedBuffer<Int>.segmentSize {
            if count == buffer.capacity {
                buffer.grow(count: count)
            }
            buffer[count].initialize(to: count * 3)
            count += 1
            if count == SegmentedBuffer<Int>.segmentSize {
                firstAddress = buffer[0]
            }
        }
        #expect(buffer[0] == firstAddress)
        #expect((0..<count).allSatisfy { buffer[$0].pointee == $0 * 3 })
    }

    @Test("Raw stack: push, pop and growth keep order and values")
    func rawStack() {
        var stack = RawStack<Int32>(capacity: 2)
        for value in 0..<10_000 {
            stack.push(Int32(value))
        }
        #expect(stack.count == 10_000)
        #expect(stack[1234] == 1234)
        for value in (0..<10_000).reversed() {
            #expect(stack.pop() == Int32(value))
        }
        #expect(stack.count == 0)
    }

    @Test("Arena: a freed slot is reused last-in first-out, reset, with its generation bumped")
    func arenaFreeList() {
        var arena = NodeArena()
        let type2 = TypeIndex(rawValue: 2)
        let a = arena.allocate(typeIndex: type1, key: "a", parent: .none)
        let b = arena.allocate(typeIndex: type1, key: "b", parent: a)
        let c = arena.allocate(typeIndex: type1, key: "c", parent: a)
        let generation = arena[b].generation
        arena.free(b)
        arena.free(c)
        #expect(arena[b].typeIndex == TypeIndex.free)
        #expect(arena[keyOf: b] == "")
        #expect(arena[b].generation == generation &+ 1)
        #expect(arena.allocate(typeIndex: type2, key: "d", parent: a) == c)
        let e = arena.allocate(typeIndex: type2, key: "e", parent: a)
        #expect(e == b)
        #expect(arena[e].typeIndex == type2 && arena[keyOf: e] == "e")
        #expect(arena.allocate(typeIndex: type2, key: "f", parent: a) == NodeID(position: 3))
        #expect(arena.count == 4)
    }

    // MARK: Giving memory back

    @Test("Segmented buffer: a shrink frees the segments past the count; the first and the values below stay in place")
    func segmentedBufferShrinks() {
        var buffer = SegmentedBuffer<Int>(initialCapacity: 4)
        var count = 0
        while count < 5 * segment {
            if count == buffer.capacity {
                buffer.grow(count: count)
            }
            buffer[count].initialize(to: count * 3)
            count += 1
        }
        let first = buffer[0], second = buffer[segment]
        buffer.shrink(toFit: segment + 1)
        #expect(buffer.capacity == 2 * segment)
        #expect(buffer._segments.count == 2)
        #expect(buffer[0] == first && buffer[segment] == second)
        #expect((0..<2 * segment).allSatisfy { buffer[$0].pointee == $0 * 3 })
        buffer.shrink(toFit: 0)
        #expect(buffer.capacity == segment)
        #expect(buffer[0] == first)
        buffer.grow(count: segment)
        #expect(buffer.capacity == 2 * segment)
    }

    @Test("Raw stack: room goes back once it is four times the expected use, down to twice it")
    func rawStackShrinks() {
        var stack = RawStack<Int32>(capacity: 4)
        for value in 0..<10_000 {
            stack.push(Int32(value))
        }
        stack.removeLast(downTo: 100)
        #expect(stack._capacity == 16_384)
        stack.shrink(expecting: 1_000, minimum: 4)
        #expect(stack._capacity == 2_048)
        #expect((0..<100).allSatisfy { stack[$0] == Int32($0) })
        // Within four times the use: kept, so a swing in use does not
        // reallocate back and forth.
        stack.shrink(expecting: 600, minimum: 4)
        #expect(stack._capacity == 2_048)
        // Never below the minimum, nor below twice what it holds.
        stack.shrink(expecting: 0, minimum: 1_024)
        #expect(stack._capacity == 1_024)
        stack.shrink(expecting: 0, minimum: 4)
        #expect(stack._capacity == 256)
        #expect(stack.count == 100 && stack[99] == 99)
    }

    @Test("Arena: a trim drops the free tail and its segments, keeps live records, and relinks the free ones lowest first")
    func arenaTrims() {
        var arena = NodeArena()
        let nodes = (0..<5 * segment).map { arena.allocate(typeIndex: type1, key: "n\($0)", parent: .none) }
        #expect(arena._entries.capacity == 5 * segment)
        for node in nodes where node.position >= 10 && node.position != 100 {
            arena.free(node)
        }
        #expect(arena.endedSinceTrim == 5 * segment - 11)
        arena.trimFreeTail(keeping: segment)
        #expect(arena.endedSinceTrim == 0)
        #expect(arena.count == 101)
        #expect(arena.freeCount == 90)
        #expect(arena._entries.capacity == segment)
        #expect(arena[keyOf: nodes[100]] == "n100" && arena[nodes[100]].typeIndex == type1)
        #expect(arena.allocate(typeIndex: type1, key: "a", parent: .none) == NodeID(position: 10))
        #expect(arena.allocate(typeIndex: type1, key: "b", parent: .none) == NodeID(position: 11))
        #expect(arena.freeCount == 88)
    }

    @Test("Arena: no trim while a quarter of the records hold nodes or within the room kept; room for twice the live nodes stays")
    func arenaTrimKeepsRoom() {
        var arena = NodeArena()
        let nodes = (0..<4 * segment).map { _ in arena.allocate(typeIndex: type1, key: "", parent: .none) }
        for node in nodes.dropFirst(segment) {
            arena.free(node)
        }
        // Exactly a quarter live: kept.
        arena.trimFreeTail(keeping: segment)
        #expect(arena.count == 4 * segment)
        arena.free(nodes[segment - 1])
        // Within the room kept: kept.
        arena.trimFreeTail(keeping: 4 * segment)
        #expect(arena.count == 4 * segment)
        arena.trimFreeTail(keeping: segment)
        #expect(arena.count == segment - 1)
        // Room for twice the 1,023 live nodes: two segments.
        #expect(arena._entries.capacity == 2 * segment)
    }

    @Test("Arena: a handle into a trimmed range is rejected, before and after the arena grows back over it")
    func arenaStaleHandleAfterTrim() {
        var arena = NodeArena()
        let nodes = (0..<3 * segment).map { _ in arena.allocate(typeIndex: type1, key: "", parent: .none) }
        let node = nodes[2 * segment + 5]
        let stale = NodeHandle(id: node, generation: arena[node].generation)
        #expect((arena.isCurrent(stale) as Bool))
        for node in nodes.dropFirst() {
            arena.free(node)
        }
        arena.trimFreeTail(keeping: segment)
        #expect(arena.count == 1)
        // Beyond the arena: rejected without reading the record.
        #expect(!(arena.isCurrent(stale) as Bool))
        while arena.count <= node.position {
            _ = arena.allocate(typeIndex: type1, key: "", parent: .none)
        }
        // A new node holds the position: its generation is not the old one.
        #expect(arena[node].typeIndex == type1)
        #expect(!(arena.isCurrent(stale) as Bool))
        #expect((arena.isCurrent(NodeHandle(id: node, generation: arena[node].generation)) as Bool))
        #expect(!(arena.isCurrent(NodeHandle(id: .none, generation: 0)) as Bool))
    }

    @Test("Child index: a table at most 1/8 full shrinks to a quarter-full one, not below the room asked for, and finds every key")
    func childIndexShrinks() {
        var arena = NodeArena()
        var index = ChildIndex()
        let keys = (0..<20_000).map { "child-\($0)" }
        let nodes = indexedChildren(keys, arena: &arena, index: &index)
        #expect(index._capacity == 65_536)
        for (position, node) in nodes.enumerated() where position % 20 != 0 {
            index.remove(node, hash: arena[node].indexHash)
        }
        #expect(index.count == 1_000)
        index.shrinkIfSparse(keepingRoomFor: 5_000)
        #expect(index._capacity == 16_384)
        index.shrinkIfSparse(keepingRoomFor: 0)
        #expect(index._capacity == 4_096)
        for (position, (key, node)) in zip(keys, nodes).enumerated() {
            let found = index.find(parent: parent, typeIndex: type1, key: key, in: arena)
            #expect(found == (position % 20 == 0 ? node : .none), "\(key)")
        }
        // Twice as many children fit before it grows again.
        let more = indexedChildren((0..<1_000).map { "more-\($0)" }, arena: &arena, index: &index)
        #expect(index._capacity == 4_096)
        #expect(index.find(parent: parent, typeIndex: type1, key: "more-999", in: arena) == more[999])
        // Emptied: back to its initial 16 entries.
        for (position, node) in nodes.enumerated() where position % 20 == 0 {
            index.remove(node, hash: arena[node].indexHash)
        }
        for node in more {
            index.remove(node, hash: arena[node].indexHash)
        }
        index.shrinkIfSparse(keepingRoomFor: 0)
        #expect(index._capacity == 16 && index.count == 0)
    }

    @Test("Typed store: a trim drops the free tail and its segments, keeps live values, and reuses the lowest free slot first")
    func storeTrims() {
        let store = NodeStore<StoredLeaf>(typeIndex: TypeIndex(rawValue: 0))
        defer { store.releaseAll() }
        let slots = (0..<5 * segment).map { allocateSlot($0, in: store) }
        #expect(store.contents.slots.capacity == 5 * segment)
        for slot in slots where slot.position >= 10 && slot.position != 100 {
            store.release(slot)
        }
        store.trimFreeTail(keeping: segment)
        #expect(store.contents.count == 101)
        #expect(store.slotCounts().free == Set<Int32>(10..<100))
        #expect(store.contents.slots.capacity == segment)
        #expect(store.contents.routes?.capacity == segment)
        #expect(store.contents.freeSlots._capacity == 256)
        #expect(store[slots[100]].workflow.value == 100 && store[slots[100]].state == 100)
        #expect(store[slots[9]].workflow.value == 9)
        #expect(allocateSlot(-1, in: store).position == 10)
        #expect(allocateSlot(-2, in: store).position == 11)
    }

    @Test("Typed store: a trim that found nothing to give back waits until half the slots were released again")
    func storeTrimWaits() {
        let store = NodeStore<StoredLeaf>(typeIndex: TypeIndex(rawValue: 0))
        defer { store.releaseAll() }
        let slots = (0..<4 * segment).map { allocateSlot($0, in: store) }
        // Live: 0..<10 and the last slot, so nothing above can go.
        for slot in slots.dropFirst(10).dropLast() {
            store.release(slot)
        }
        store.trimFreeTail(keeping: segment)
        #expect(store.contents.count == 4 * segment)
        // The last slot ends: few releases since, no look yet.
        store.release(slots.last!)
        store.trimFreeTail(keeping: segment)
        #expect(store.contents.count == 4 * segment)
        // Churn releases half the slots: the tail goes.
        for value in 0..<2 * segment {
            store.release(allocateSlot(value, in: store))
        }
        store.trimFreeTail(keeping: segment)
        #expect(store.contents.count == 10)
        #expect(store.contents.slots.capacity == segment)
    }
}
