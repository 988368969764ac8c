import Testing
@testable import Workflow

// Memory coming back when nodes end (FastRuntime+Trimming): a keyed list
// far beyond the room the runtime keeps is cleared, every container comes
// back to that room, and the list then grows again and works. Fast runtime
// only: the reference runtime frees each node's object as it ends. The
// invariant walk runs after each pass of these trees too (debug builds).

private struct TrimmedList: Workflow {
    var rows: Int

    typealias State = Void

    func render(state: Void, context: RenderContext<TrimmedList>) -> [TrimmedRow.Screen] {
        (0..<rows).map { TrimmedRow(id: $0).rendered(in: context, key: String($0)) }
    }
}

private struct TrimmedRow: Workflow {
    var id: Int

    func makeInitialState() -> Int { 0 }

    struct Screen {
        var id: Int
        var count: Int
        var bump: Sink<Bump>
    }

    struct Bump: WorkflowAction {
        typealias WorkflowType = TrimmedRow

        func apply(toState count: inout Int, context: ApplyContext<TrimmedRow>) -> Never? {
            count += 1
            return nil
        }
    }

    func render(state: Int, context: RenderContext<TrimmedRow>) -> Screen {
        Screen(id: id, count: state, bump: context.makeSink(of: Bump.self))
    }
}

private final class SessionCounter: WorkflowObserver {
    var live = 0

    func sessionDidBegin(_ session: WorkflowSession) {
        live += 1
    }

    func sessionDidEnd(_ session: WorkflowSession) {
        live -= 1
    }
}

/// Twice the room kept: enough for every container to give some back.
@MainActor private let rows = 2 * FastRuntime.keptRoom

@MainActor
@Suite("Giving memory back")
struct TrimmingTests {
    @Test("A cleared list gives every container back to the room kept; the list grows again and works")
    func clearedListComesBack() {
        let host = WorkflowHost(workflow: TrimmedList(rows: rows))
        let runtime = host.port.runtime
        let store = runtime.store(for: TrimmedRow.self)
        #expect(runtime.tree.nodes._entries.capacity > 2 * FastRuntime.keptRoom)
        #expect(runtime.tree.childIndex._capacity > 2 * FastRuntime.keptRoom)
        #expect(store.contents.slots.capacity == rows)
        #expect(runtime.passes._asked._capacity == rows)

        host.update(workflow: TrimmedList(rows: 0))
        #expect(runtime.tree.nodes.count == 1)
        #expect(runtime.tree.nodes._entries.capacity == FastRuntime.keptRoom)
        #expect(runtime.tree.childIndex._capacity == 2 * FastRuntime.keptRoom)
        #expect(store.contents.count == 0 && store.contents.freeSlots.count == 0)
        #expect(store.contents.slots.capacity == FastRuntime.keptRoom)
        #expect(runtime.passes._asked._capacity == FastRuntime.keptRoom)

        host.update(workflow: TrimmedList(rows: rows))
        #expect(host.rendering.map(\.id) == Array(0..<rows))
        host.rendering[rows - 1].bump.send(TrimmedRow.Bump())
        host.rendering[0].bump.send(TrimmedRow.Bump())
        #expect(host.rendering[rows - 1].count == 1 && host.rendering[0].count == 1)
        #expect(host.rendering[1].count == 0)
    }

    @Test("A list that loses less than three quarters of its rows keeps its storage")
    func partlyClearedListKeepsStorage() {
        let host = WorkflowHost(workflow: TrimmedList(rows: rows))
        let runtime = host.port.runtime
        let arenaCapacity = runtime.tree.nodes._entries.capacity
        let indexCapacity = runtime.tree.childIndex._capacity

        // Three quarters of the rows end, less 100: the runtime looks, and
        // keeps everything.
        host.update(workflow: TrimmedList(rows: rows / 4 + 100))
        #expect(runtime.tree.nodes.endedSinceTrim == 0)
        #expect(runtime.tree.nodes.count == rows + 1)
        #expect(runtime.tree.nodes._entries.capacity == arenaCapacity)
        #expect(runtime.tree.childIndex._capacity == indexCapacity)
        #expect(runtime.store(for: TrimmedRow.self).contents.slots.capacity == rows)
        host.update(workflow: TrimmedList(rows: rows))
        #expect(runtime.tree.nodes.count == rows + 1)
        #expect(runtime.tree.nodes._entries.capacity == arenaCapacity)
    }

    @Test("With an observer, the sessions of the positions trimmed away go too")
    func sessionsAreTrimmed() {
        let observer = SessionCounter()
        let host = WorkflowHost(workflow: TrimmedList(rows: rows), observers: [observer])
        let runtime = host.port.runtime
        #expect(runtime.tree.sessions.count == rows + 1)

        host.update(workflow: TrimmedList(rows: 0))
        #expect(observer.live == 1)
        #expect(runtime.tree.sessions.count == 1)
        #expect(runtime.tree.sessions.capacity < 2 * FastRuntime.keptRoom)

        host.update(workflow: TrimmedList(rows: 3))
        #expect(observer.live == 4)
        #expect(runtime.tree.sessions.count == 4 && runtime.tree.sessions.allSatisfy { $0 != nil })
    }

    #if DEBUG
    @Test("A stale sink into the trimmed range is dropped, before and after the list grows back over its position")
    func staleSinkAfterTrim() {
        let host = WorkflowHost(workflow: TrimmedList(rows: rows))
        let runtime = host.port.runtime
        let stale = host.rendering[rows - 1].bump
        host.update(workflow: TrimmedList(rows: 0))
        #expect(runtime.tree.nodes.count == 1)

        // The fault switch lets the dead sink reach the runtime, whose check
        // of the handle is then all that stands between it and the arena.
        FaultInjection.deliverStaleSinkAction = true
        defer { FaultInjection.deliverStaleSinkAction = false }
        // Its position is past the arena's end now.
        stale.send(TrimmedRow.Bump())

        // A new row takes the position, with a generation the sink never had.
        host.update(workflow: TrimmedList(rows: rows))
        stale.send(TrimmedRow.Bump())
        #expect(host.rendering[rows - 1].count == 0)
        #expect(host.rendering.allSatisfy { $0.count == 0 })
    }
    #endif
}
