import Foundation
import Testing
@_spi(WorkflowRuntimeConfig) import Workflow
import WorkflowDiagnostics

// The render trace as a bounded recorder (D1): a byte budget dropping the
// oldest passes whole, nodes interned so that a pass costs the same per node
// whatever the depth, a summary for a pass larger than the budget, and the
// streamed export.

/// `rows` keyed rows under one root; `generation` reaches the rows only
/// when `rowsRender`, so that an update renders them all or skips them all.
private struct Rows: Workflow, Equatable {
    var rows: Int
    var generation = 0
    var rowsRender = false

    typealias State = Void

    func render(state: Void, context: RenderContext<Rows>) -> Int {
        var total = 0
        for index in 0..<rows {
            total += Row(index: index, generation: rowsRender ? generation : 0).rendered(in: context, key: String(index))
        }
        return total
    }
}

private struct Row: Workflow, Equatable {
    var index: Int
    var generation: Int

    typealias State = Void

    func render(state: Void, context: RenderContext<Row>) -> Int { index + generation }
}

/// A chain `levelsBelow + 1` deep; the bottom link's sink sends an action
/// whose output climbs to the root, each level's state changing on the way.
private struct Link: Workflow, Equatable {
    typealias Output = Int

    var levelsBelow: Int

    typealias State = Int

    enum Action: WorkflowAction {
        typealias WorkflowType = Link
        case bump
        case fromChild(Int)

        func apply(toState state: inout Int, context: ApplyContext<Link>) -> Int? {
            state += 1
            return state
        }
    }

    struct Rendering {
        var depth: Int
        var bottom: Sink<Action>
    }

    func makeInitialState() -> Int { 0 }

    func render(state: Int, context: RenderContext<Link>) -> Rendering {
        guard levelsBelow > 0 else { return Rendering(depth: 1, bottom: context.makeSink(of: Action.self)) }
        let child = Link(levelsBelow: levelsBelow - 1)
            .rendered(in: context, key: "l", outputMap: { Action.fromChild($0) })
        return Rendering(depth: child.depth + 1, bottom: child.bottom)
    }
}

@MainActor
@Suite("Render trace budget")
struct RenderTraceBudgetTests {
    @Test("D1: past the byte budget the oldest passes are dropped whole; the newest stay, numbered in order")
    func budgetDropsOldestPasses() throws {
        // A pass: the root's render and 100 skips: 101 events.
        let trace = RenderTrace(byteLimit: 24 * 1_000)
        let host = WorkflowHost(workflow: Rows(rows: 100), renderTrace: trace)
        for generation in 1...30 {
            host.update(workflow: Rows(rows: 100, generation: generation))
        }
        let passes = trace.passes
        // 1,000 events hold 9 passes of 101 events, and never part of one.
        #expect(passes.map(\.number) == Array(23...31))
        #expect(passes.allSatisfy { !$0.isSummarized && $0.skipped.count == 100 && $0.rendered.count == 1 })
        #expect(passes.last?.nodes.last?.path == "Rows/Row[99]")
        #expect(host.lastRenderPass?.number == 31)
        #expect(trace.bytesInUse < 24 * 1_000 + 64 * 1_024)
    }

    @Test("D1: passLimit still bounds the passes under a large budget")
    func passLimitWithBudget() {
        let trace = RenderTrace(passLimit: 3, byteLimit: 1 << 20)
        let host = WorkflowHost(workflow: Rows(rows: 10), renderTrace: trace)
        for generation in 1...10 {
            host.update(workflow: Rows(rows: 10, generation: generation))
        }
        #expect(trace.passes.map(\.number) == [9, 10, 11])
    }

    @Test("D1: a pass larger than the budget is kept as a summary: its counts and its slowest renders, with paths")
    func oversizedPassIsSummarized() throws {
        let trace = RenderTrace(byteLimit: 24 * 500)
        let host = WorkflowHost(workflow: Rows(rows: 1_000), renderTrace: trace)
        let first = try #require(host.lastRenderPass)
        #expect(first.isSummarized)
        #expect(first.renderCount == 1_001 && first.skipCount == 0)
        #expect(first.nodes.count == 16)
        #expect(first.nodes.allSatisfy { $0.reason == .new && $0.path.hasPrefix("Rows") })
        #expect(zip(first.nodes, first.nodes.dropFirst()).allSatisfy { $0.selfDuration >= $1.selfDuration })
        // Every row skipped: 1,001 events, still more than 500.
        host.update(workflow: Rows(rows: 1_000, generation: 1))
        let update = try #require(host.lastRenderPass)
        #expect(update.isSummarized)
        #expect(update.renderCount == 1 && update.skipCount == 1_000)
        #expect(update.nodes.map(\.path) == ["Rows"])
        // A small pass after them is kept node by node.
        host.update(workflow: Rows(rows: 3, generation: 2))
        let small = try #require(host.lastRenderPass)
        #expect(!small.isSummarized)
        #expect(small.nodes.map(\.path) == ["Rows", "Rows/Row[0]", "Rows/Row[1]", "Rows/Row[2]"])
        #expect(trace.passes.map(\.number) == [1, 2, 3])
        #expect(trace.summary().summarizedPasses == 2)
        // The Chrome export says so, and still parses.
        let json = try JSONSerialization.jsonObject(with: Data(trace.chromeTraceJSON().utf8)) as? [String: Any]
        let events = try #require(json?["traceEvents"] as? [[String: Any]])
        let passArgs = events.filter { $0["cat"] as? String == "pass" }.compactMap { $0["args"] as? [String: Any] }
        #expect(passArgs.count { $0["summarized"] != nil } == 2)
    }

    @Test("D1: a pass boiled down keeps its slowest renders at their depths, those that ended before it outgrew the budget too")
    func summarizedRendersKeepTheirDepths() throws {
        let trace = RenderTrace(byteLimit: 24 * 50)
        let host = WorkflowHost(workflow: Rows(rows: 100), renderTrace: trace)
        let first = try #require(host.lastRenderPass)
        #expect(first.isSummarized)
        #expect(first.renderCount == 101)
        #expect(first.nodes.contains { $0.depth == 1 })
        #expect(first.nodes.allSatisfy { $0.depth == ($0.path == "Rows" ? 0 : 1) })
    }

    @Test("D1: a node costs the same bytes whatever its depth (interned paths), and readers still get its full path")
    func deepChainIsLinear() throws {
        func bytesInUse(depth: Int) -> (bytes: Int, pass: RenderTrace.Pass?) {
            let trace = RenderTrace(byteLimit: 1 << 20)
            let host = WorkflowHost(workflow: Link(levelsBelow: depth - 1), renderTrace: trace)
            return (trace.bytesInUse, host.lastRenderPass)
        }
        // Depths a test thread renders in the sanitizers' debug builds too,
        // whose frames are far larger (R4's guard stops them near 600).
        let (shallow, _) = bytesInUse(depth: 100)
        let (deep, pass) = bytesInUse(depth: 400)
        // Four times the nodes, about four times the bytes (not sixteen).
        #expect(deep < 5 * shallow)
        let bottom = try #require(pass?.nodes.last)
        #expect(bottom.depth == 399)
        #expect(bottom.path == (["Link"] + Array(repeating: "Link[l]", count: 399)).joined(separator: "/"))
    }

    @Test("D1, R17: a cascade climbing a deep chain costs two events per action step, with each step's full path")
    func deepCascadeIsLinear() throws {
        let trace = RenderTrace(byteLimit: 1 << 22)
        // 300 levels: within what the sanitizers' debug builds render.
        let host = WorkflowHost(workflow: Link(levelsBelow: 299), renderTrace: trace)
        trace.removeAll()
        let before = trace.bytesInUse
        host.rendering.bottom.send(.bump)
        let pass = try #require(trace.lastPass)
        #expect(pass.actions.count == 300)
        #expect(pass.actions.first?.path.count == "Link".count + 299 * "/Link[l]".count)
        #expect(pass.actions.last?.path == "Link")
        #expect(pass.actions.dropFirst().allSatisfy { $0.reachedByOutput })
        // Every level renders (its state changed): one event per render
        // (the bound allows three), 2 per step, and no new node entry.
        #expect(trace.bytesInUse - before <= 24 * (2 * 300 + 3 * 300) + 4_096)
    }

    @Test("D1: removeAll hides the passes from readers; the budget still bounds what is kept")
    func removeAllHides() throws {
        let trace = RenderTrace(byteLimit: 24 * 1_000)
        let host = WorkflowHost(workflow: Rows(rows: 10), renderTrace: trace)
        host.update(workflow: Rows(rows: 10, generation: 1))
        trace.removeAll()
        #expect(trace.passes.isEmpty && trace.lastPass == nil)
        #expect(host.lastRenderPass?.number == 2)
        host.update(workflow: Rows(rows: 10, generation: 2))
        #expect(trace.passes.map(\.number) == [3])
    }

    @Test("D1: the streamed export writes what chromeTraceJSON returns, to a stream or a file; a window keeps the latest passes")
    func streamedExport() throws {
        let trace = RenderTrace()
        let host = WorkflowHost(workflow: Rows(rows: 20), renderTrace: trace)
        for generation in 1...5 {
            host.update(workflow: Rows(rows: 20, generation: generation, rowsRender: generation.isMultiple(of: 2)))
        }
        var streamed = ""
        trace.writeChromeTrace(to: &streamed)
        #expect(streamed == trace.chromeTraceJSON())
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("render-trace-\(UUID()).json")
        defer { try? FileManager.default.removeItem(at: file) }
        try trace.writeChromeTrace(toFile: file.path)
        #expect(try String(contentsOf: file, encoding: .utf8) == streamed)
        // A window of zero keeps no pass; one of an hour keeps them all.
        let none = try JSONSerialization.jsonObject(with: Data(trace.chromeTraceJSON(within: .zero).utf8)) as? [String: Any]
        #expect((none?["traceEvents"] as? [Any])?.count == 2)
        #expect(trace.chromeTraceJSON(within: .seconds(3_600)) == streamed)
        #expect(throws: RenderTraceWriteError.self) { try trace.writeChromeTrace(toFile: "/nonexistent-directory/trace.json") }
    }

    @Test("D1: the node table keeps what the trace still names: a list whose rows are all replaced on every pass stays bounded")
    func churnKeepsTableBounded() throws {
        let trace = RenderTrace(passLimit: 4, byteLimit: 1 << 20)
        let host = WorkflowHost(workflow: Rows(rows: 1_000), renderTrace: trace)
        var sizes: [Int] = []
        for generation in 1...40 {
            // A shift of the keys: every row ends and a new one starts.
            host.update(workflow: Rows(rows: generation.isMultiple(of: 2) ? 1_000 : 0))
            sizes.append(trace.bytesInUse)
        }
        #expect(sizes.suffix(10).max()! < 2 * sizes[9] + 1_000_000)
        #expect(try #require(trace.lastPass).nodes.count == 1_001)
    }
}
