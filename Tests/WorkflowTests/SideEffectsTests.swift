import Testing
import Workflow
import WorkflowHostHarness

// Side effects: start at the call for a new key (R11), keep their lifetime
// while asked for, end in start order when not asked for (R12), end with
// their node and when the host is released (R9, R10).

/// Every lifetime handed to a side effect of the current test, by key.
nonisolated(unsafe) private var lifetimes: [AnyHashable: Lifetime] = [:]

/// Runs one side effect per key of its props, in order; each writes
/// "start k" when it runs and registers two `onEnded` closures.
private struct Effects: Workflow, Equatable {
    typealias State = Void
    var name = "E"
    var keys: [AnyHashable]
    var children: [Effects] = []

    func render(state: Void, context: RenderContext<Effects>) -> String {
        record("\(name) render")
        for key in keys {
            record("call \(key)")
            context.runSideEffect(key: key) { lifetime in
                record("start \(key)")
                lifetimes[key] = lifetime
                lifetime.onEnded { record("end \(key) #1 hasEnded=\(lifetime.hasEnded)") }
                lifetime.onEnded { record("end \(key) #2") }
            }
            record("after \(key)")
        }
        let childTexts = children.map { $0.rendered(in: context, key: $0.name) }
        return ([name] + childTexts).joined(separator: ",")
    }
}

/// `count` integer keys and `count` string keys, asked for as `Int` and
/// `String` values, or (`erased`) as `AnyHashable`s of an `Int8` or a
/// `Double` of the same value and of the same string.
private struct MixedKeyEffects: Workflow {
    typealias State = Void
    var count: Int
    var erased: Bool

    func render(state: Void, context: RenderContext<MixedKeyEffects>) {
        for k in 0..<count {
            if erased {
                let number = k.isMultiple(of: 2) ? AnyHashable(Int8(k)) : AnyHashable(Double(k))
                context.runSideEffect(key: number) { run($0, "\(k)") }
                context.runSideEffect(key: AnyHashable("s\(k)")) { run($0, "s\(k)") }
            } else {
                context.runSideEffect(key: k) { run($0, "\(k)") }
                context.runSideEffect(key: "s\(k)") { run($0, "s\(k)") }
            }
        }
    }

    private func run(_ lifetime: Lifetime, _ name: String) {
        record("start \(name)")
        lifetime.onEnded { record("end \(name)") }
    }
}

/// A parent with a counter and an `Effects` child whose props never change.
private struct EffectsHolder: Workflow {
    struct Rendering {
        var count: Int
        var increment: () -> Void
    }

    func makeInitialState() -> Int { 0 }

    func render(state: Int, context: RenderContext<EffectsHolder>) -> Rendering {
        _ = Effects(name: "child", keys: ["held"]).rendered(in: context, key: "child")
        let sink = context.makeStateMutationSink()
        return Rendering(count: state, increment: { sink.send { $0 += 1 } })
    }
}

/// Starts a test: a fresh log and no lifetimes recorded. (A suite's `init`
/// would not do: Swift Testing may run other test cases between it and the
/// test body.)
private func beginEffects() -> EventLog {
    lifetimes = [:]
    return EventLog.begin()
}

@MainActor
@Suite("Side effects")
struct SideEffectsTests {
    @Test("R11: a new key runs the side effect synchronously, at the call", arguments: RuntimeKind.allCases)
    func newKeyRunsAtCall(kind: RuntimeKind) {
        let log = beginEffects()
        let host = TestHost(kind, Effects(keys: ["a", "b"]))
        #expect(host.rendering == "E")
        #expect(log.entries == ["E render", "call a", "start a", "after a", "call b", "start b", "after b"])
        #expect(lifetimes["a"]?.hasEnded == false)
        #expect(lifetimes["b"]?.hasEnded == false)
    }

    @Test("R11: a key asked for again keeps its lifetime and does not run again", arguments: RuntimeKind.allCases)
    func knownKeyKeepsLifetime(kind: RuntimeKind) throws {
        let log = beginEffects()
        let host = TestHost(kind, Effects(keys: ["a"]))
        let first = try #require(lifetimes["a"])

        log.clear()
        host.update(workflow: Effects(keys: ["a", "b"]))
        #expect(log.entries == ["E render", "call a", "after a", "call b", "start b", "after b"])
        #expect(lifetimes["a"] === first)
        #expect(first.hasEnded == false)
    }

    @Test("R11: keys are AnyHashable: 1 and \"1\" are different keys", arguments: RuntimeKind.allCases)
    func keysOfDifferentTypesDiffer(kind: RuntimeKind) {
        let log = beginEffects()
        let host = TestHost(kind, Effects(keys: [1, "1"]))
        #expect(log.entries(withPrefix: "start ") == ["start 1", "start 1"])
        #expect(lifetimes.count == 2)

        log.clear()
        host.update(workflow: Effects(keys: ["1"]))
        #expect(log.entries(withPrefix: "start ").isEmpty)
        #expect(lifetimes[AnyHashable(1)]?.hasEnded == true)
        #expect(lifetimes[AnyHashable("1")]?.hasEnded == false)
    }

    @Test("R12: a key not asked for ends: hasEnded, then its onEnded closures once, in registration order", arguments: RuntimeKind.allCases)
    func droppedKeyEnds(kind: RuntimeKind) throws {
        let log = beginEffects()
        let host = TestHost(kind, Effects(keys: ["a", "b"]))
        let a = try #require(lifetimes["a"])

        log.clear()
        host.update(workflow: Effects(keys: ["b"]))
        #expect(log.entries == ["E render", "call b", "after b", "end a #1 hasEnded=true", "end a #2"])
        #expect(a.hasEnded)

        log.clear()
        host.update(workflow: Effects(keys: ["b", "c"]))
        host.update(workflow: Effects(keys: ["b"]))
        #expect(log.entries(withPrefix: "end a").isEmpty)
        #expect(log.entries(withPrefix: "end c").count == 2)
    }

    @Test("R12, R9: dropped side effects end in the order they started, after render, before the willRender completion", arguments: RuntimeKind.allCases)
    func droppedKeysEndInStartOrder(kind: RuntimeKind) {
        let log = beginEffects()
        let observer = RecordingObserver(log: log)
        let host = TestHost(kind, Effects(keys: ["a", "b"]), observers: [observer])
        // Asked for in the order b, a: they started in the order a, b.
        host.update(workflow: Effects(keys: ["b", "a", "c"]))

        log.clear()
        host.update(workflow: Effects(keys: ["c"]))
        #expect(log.entries == [
            "didChange Effects ()",
            "render Effects",
            "E render",
            "call c",
            "after c",
            "end a #1 hasEnded=true",
            "end a #2",
            "end b #1 hasEnded=true",
            "end b #2",
            "rendered Effects",
        ])
    }

    @Test("R11, R12: a node with many side effects keeps, starts and ends each by its key, ending in start order", arguments: RuntimeKind.allCases)
    func manySideEffects(kind: RuntimeKind) {
        // 40 keys: past the length at which the fast runtime stops walking
        // a node's side effects and indexes them by key.
        let log = beginEffects()
        let all: [AnyHashable] = (0..<40).map { "k\($0)" }
        let host = TestHost(kind, Effects(keys: all))
        #expect(log.entries(withPrefix: "start").count == 40)

        // Reversed, every third key dropped, two new keys in between.
        log.clear()
        var asked = all.reversed().enumerated().filter { $0.offset % 3 != 0 }.map(\.element)
        asked.insert("new1", at: 5)
        asked.append("new2")
        host.update(workflow: Effects(keys: asked))
        #expect(log.entries(withPrefix: "start") == ["start new1", "start new2"])
        let dropped = all.reversed().enumerated().filter { $0.offset % 3 == 0 }.map(\.element)
        #expect(log.entries(withPrefix: "end").filter { $0.hasSuffix("#2") }
            == dropped.reversed().map { "end \($0) #2" })

        // Down to a few keys, then back up: the old keys start again, once.
        host.update(workflow: Effects(keys: ["new2", "k1"]))
        log.clear()
        host.update(workflow: Effects(keys: all))
        #expect(log.entries(withPrefix: "start").count == 39)
        #expect(!log.entries.contains("start k1"))
        #expect(log.entries(withPrefix: "end") == ["end new2 #1 hasEnded=true", "end new2 #2"])
    }

    @Test(
        "R11: a key matches what it matches as an AnyHashable: 5, Int8(5) and 5.0 are one key, a String and its AnyHashable one",
        arguments: RuntimeKind.allCases, [3, 40]
    )
    func keysMatchAsAnyHashables(kind: RuntimeKind, count: Int) {
        // 40: past the length at which the fast runtime indexes a node's
        // side effects by key, where the hash must agree with AnyHashable's.
        let log = beginEffects()
        let host = TestHost(kind, MixedKeyEffects(count: count, erased: false))
        #expect(log.entries(withPrefix: "start").count == 2 * count)

        log.clear()
        host.update(workflow: MixedKeyEffects(count: count, erased: true))
        host.update(workflow: MixedKeyEffects(count: count, erased: false))
        #expect(log.entries == [])

        host.update(workflow: MixedKeyEffects(count: count - 1, erased: true))
        #expect(log.entries == ["end \(count - 1)", "end s\(count - 1)"])
    }

    @Test("R12, R11: a key that comes back after it ended runs again with a new lifetime", arguments: RuntimeKind.allCases)
    func endedKeyComesBackFresh(kind: RuntimeKind) throws {
        let log = beginEffects()
        let host = TestHost(kind, Effects(keys: ["a"]))
        let first = try #require(lifetimes["a"])
        host.update(workflow: Effects(keys: []))
        #expect(first.hasEnded)

        log.clear()
        host.update(workflow: Effects(keys: ["a"]))
        #expect(log.entries == ["E render", "call a", "start a", "after a"])
        let second = try #require(lifetimes["a"])
        #expect(second !== first)
        #expect(second.hasEnded == false)
    }

    @Test("R9, R12: a removed child's side effects end with it: its children first, then its effects, then its session", arguments: RuntimeKind.allCases)
    func effectsEndWithTheirNode(kind: RuntimeKind) {
        let log = beginEffects()
        let observer = RecordingObserver(log: log)
        let tree = Effects(name: "root", keys: ["r"], children: [
            Effects(name: "mid", keys: ["m1", "m2"], children: [Effects(name: "leaf", keys: ["l"])]),
        ])
        let host = TestHost(kind, tree, observers: [observer])
        #expect(host.rendering == "root,mid,leaf")

        log.clear()
        host.update(workflow: Effects(name: "root", keys: ["r"]))
        #expect(log.entries.filter { $0.hasPrefix("end") } == [
            "end l #1 hasEnded=true", "end l #2", "end Effects leaf",
            "end m1 #1 hasEnded=true", "end m1 #2", "end m2 #1 hasEnded=true", "end m2 #2", "end Effects mid",
        ])
        #expect(lifetimes["r"]?.hasEnded == false)
    }

    @Test("R10: releasing the host ends every node and every lifetime, in post-order", arguments: RuntimeKind.allCases)
    func releaseEndsEverything(kind: RuntimeKind) {
        let log = beginEffects()
        let observer = RecordingObserver(log: log)
        let tree = Effects(name: "root", keys: ["r"], children: [Effects(name: "kid", keys: ["k"])])
        let host = TestHost(kind, tree, observers: [observer])
        log.clear()
        host.release()
        #expect(log.entries == [
            "end k #1 hasEnded=true", "end k #2", "end Effects kid",
            "end r #1 hasEnded=true", "end r #2", "end Effects",
        ])
        #expect(lifetimes.values.allSatisfy { $0.hasEnded })
    }

    @Test("R11, S2: a child that is not re-rendered keeps its side effects running", arguments: RuntimeKind.allCases)
    func skippedChildKeepsEffects(kind: RuntimeKind) throws {
        let log = beginEffects()
        let host = TestHost(kind, EffectsHolder())
        let held = try #require(lifetimes["held"])
        log.clear()
        host.rendering.increment()
        host.rendering.increment()
        #expect(host.rendering.count == 2)
        #expect(held.hasEnded == false)
        #expect(lifetimes["held"] === held)
        #expect(log.entries(withPrefix: "start ").isEmpty)
        #expect(log.entries(withPrefix: "end ").isEmpty)
        // S2: Effects is Equatable and unchanged: the fast runtime skips it.
        #expect(renderedNames(in: log) == (kind.skipsRenders ? [] : ["child", "child"]))
    }
}
