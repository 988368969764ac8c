import Workflow

/// A list of `rows` keyed rows under one root. An `update(workflow:)` with a
/// new `generation` renders the root; the rows get it too only when
/// `rowsRender`, and are skipped (equal props) otherwise.
struct ProbeList: Workflow, Equatable {
    var rows: Int
    var generation: Int
    var rowsRender: Bool

    typealias State = Void

    func render(state: Void, context: RenderContext<ProbeList>) -> Int {
        var total = 0
        let rowGeneration = rowsRender ? generation : 0
        for index in 0..<rows {
            total &+= ProbeRow(index: index, generation: rowGeneration).rendered(in: context, key: String(index))
        }
        return total
    }
}

struct ProbeRow: Workflow, Equatable {
    var index: Int
    var generation: Int

    typealias State = Void

    func render(state: Void, context: RenderContext<ProbeRow>) -> Int {
        index &+ generation
    }
}

/// A chain `levelsBelow + 1` deep, each link keyed.
struct ProbeLink: Workflow, Equatable {
    var levelsBelow: Int

    typealias State = Void

    func render(state: Void, context: RenderContext<ProbeLink>) -> Int {
        guard levelsBelow > 0 else { return 1 }
        return ProbeLink(levelsBelow: levelsBelow - 1).rendered(in: context, key: "link") + 1
    }
}
