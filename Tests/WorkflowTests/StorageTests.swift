import Foundation
import Testing
@testable import Workflow

// The engine's storage types on their own: the child index (probing,
// growth, backward-shift deletion, key hashing), the segmented buffer, the
// raw stack and the arena's free list. The runtime tests reach them only
// through trees; these pin each one's contract directly.

/// An arena holding `keys` as children of `parent` (slot 0 is the parent),
/// each child indexed; returns the children's slots in order.
private func indexedChildren(_ keys: [String], arena: inout NodeArena, index: inout ChildIndex) -> [NodeID] {
    if arena.count == 0 {
        _ = arena.allocate(typeIndex: TypeIndex(rawValue: 0), key: "", parent: .none)
    }
    return keys.map { key in
        #expect(index.find(parent: parent, typeIndex: type1, key: key, in: arena) == .none, "\(key) was found before it was added")
        let node = arena.allocate(typeIndex: type1, key: key, parent: parent)
        arena[node].indexHash = index.insertAfterMiss(node)
        return node
    }
}

private let parent = NodeID(position: 0)
private let type1 = TypeIndex(rawValue: 1)

@Suite("Storage")
struct StorageTests {
    // MARK: Child index

    @Test("Child index: every child added is found by (parent, type, key), another type or parent is not")
    func childIndexFinds() {
        var arena = NodeArena()
        var index = ChildIndex()
        defer { index.deallocate(); arena.deallocate() }
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
        defer { index.deallocate(); arena.deallocate() }
        let keys = (0..<20_000).map { "child-\($0)" }
        let nodes = indexedChildren(keys, arena: &arena, index: &index)
        #expect(index.count == 20_000)
        #expect(index.count * 2 <= index.capacity)
        for (key, node) in zip(keys, nodes) {
            #expect(index.find(parent: parent, typeIndex: type1, key: key, in: arena) == node)
        }
    }

    @Test("Child index: backward-shift deletion leaves every other child findable and no tombstone")
    func childIndexRemoves() {
        var arena = NodeArena()
        var index = ChildIndex()
        defer { index.deallocate(); arena.deallocate() }
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
        let live = (0..<index.capacity).filter { !index.entries[$0].node.isNone }
        #expect(live.count == 1_500)
    }

    @Test("Key hashing: the bit-cast and the portable packing agree on ASCII keys of 0-16 bytes")
    func packingPathsAgree() {
        let alphabet = Array("abcxyzAZ09-_.:/ K;`")
        var generator = SystemRandomNumberGenerator()
        for length in 0...16 {
            for _ in 0..<200 {
                let key = String((0..<length).map { _ in alphabet.randomElement(using: &generator)! })
                let fast = ChildIndex.packedCanonicalBytes(key)
                let portable = ChildIndex.packedCanonicalBytesSlowly(key)
                #expect(fast.map { [$0.0, $0.1] } == portable.map { [$0.0, $0.1] }, "\(key)")
                let canonical = length <= 15 && !key.contains { "K;`".contains($0) }
                #expect((fast != nil) == canonical, "\(key)")
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
        defer { index.deallocate(); arena.deallocate() }
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
                index.deallocate()
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
        defer { buffer.deallocate() }
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
        defer { stack.deallocate() }
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
        defer { arena.deallocate() }
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
}
