import Workflow
import WorkflowHostHarness

// W5: the keyed js-framework-benchmark operations on a list of rows, each a
// child keyed by its id. Every row array and label is made beforehand; an op
// sends one action and reads the rendering.

/// Rows and labels made from the profile's seed, like js-framework-benchmark's
/// "adjective colour noun" labels.
struct ListData {
    private static let adjectives = ["pretty", "large", "big", "small", "tall", "short", "long", "handsome", "plain",
                                     "quaint", "clean", "elegant", "easy", "angry", "crazy", "helpful", "mushy"]
    private static let colours = ["red", "yellow", "blue", "green", "pink", "brown", "purple", "white", "black", "orange"]
    private static let nouns = ["table", "chair", "house", "bbq", "desk", "car", "pony", "cookie", "sandwich", "burger",
                                "pizza", "mouse", "keyboard"]

    private var random: SeededRandom
    private var nextID = 1

    init(seed: UInt64) { random = SeededRandom(seed: seed) }

    mutating func rows(_ count: Int) -> [ListRowData] {
        (0..<count).map { _ in
            let id = nextID
            nextID += 1
            return ListRowData(id: id, key: "row-\(id)", label: label())
        }
    }

    mutating func label() -> String {
        "\(Self.adjectives.randomElement(using: &random)!) \(Self.colours.randomElement(using: &random)!) \(Self.nouns.randomElement(using: &random)!)"
    }
}

/// One W5 operation: the list it starts from (set up unmeasured when
/// `start` is given), the action, and the list it must end with.
struct ListStep {
    var start: [ListRowData]?
    var actions: [ListRoot.Action]
    var expected: [[ListRowData]]
}

/// The op on a host: send the step's action (alternating between two when
/// the op is its own steady state, e.g. swap), then read the rendering.
final class ListOpOnHost<Host: WorkflowHosting>: WorkloadOperation where Host.WorkflowType == ListRoot {
    private let host: Host
    private let sink: Sink<ListRoot.Action>
    private let step: ListStep
    private var index = -1

    init(step: ListStep, initial: [ListRowData]) {
        host = Host(workflow: ListRoot())
        sink = host.rendering.sink
        sink.send(.set(initial))
        self.step = step
    }

    var needsPreparation: Bool { step.start != nil }
    func prepare() {
        if let start = step.start { sink.send(.set(start)) }
    }

    func run() {
        index = step.start == nil ? (index + 1) % step.actions.count : 0
        sink.send(step.actions[index])
        blackHole(host.rendering.rows)
    }

    func check() -> String? {
        guard index >= 0 else { return "never ran" }
        return checkList(host.rendering.rows, step.expected[index])
    }
}

/// The vanilla op: the same action on a plain array, then the rendering.
final class ListOpVanilla: WorkloadOperation {
    private var rows: [ListRowData]
    private var screens: [RowScreen] = []
    private let step: ListStep
    private var index = -1

    init(step: ListStep, initial: [ListRowData]) {
        rows = initial
        screens = vanillaListRendering(rows)
        self.step = step
    }

    var needsPreparation: Bool { step.start != nil }
    func prepare() {
        if let start = step.start {
            rows = start
            screens = vanillaListRendering(rows)
        }
    }

    func run() {
        index = step.start == nil ? (index + 1) % step.actions.count : 0
        applyListAction(step.actions[index], to: &rows)
        screens = vanillaListRendering(rows)
    }

    func check() -> String? {
        guard index >= 0 else { return "never ran" }
        return checkList(screens, step.expected[index])
    }
}

func checkList(_ screens: [RowScreen], _ expected: [ListRowData]) -> String? {
    guard screens.count == expected.count else { return "\(screens.count) rows, expected \(expected.count)" }
    for (index, screen) in screens.enumerated() where screen != RowScreen(id: expected[index].id, label: expected[index].label) {
        return "row \(index) is \(screen), expected id \(expected[index].id) \"\(expected[index].label)\""
    }
    return nil
}

extension Catalog {
    static func keyedListCases() throws -> [WorkloadCase] {
        let w5 = try WorkloadProfileShape("w5-keyed-list", shape: "list")
        try w5.requireEvents(["create", "replaceAll", "updateEvery10th", "swapRows", "removeRow", "append", "clear", "createMany"])
        let count = w5.profile.tree.fanout.min
        let many = w5.profile.tree.fanout.max
        var data = ListData(seed: w5.seed)
        let first = data.rows(count)
        let second = data.rows(count)
        let more = data.rows(count)
        let manyRows = data.rows(many)
        let relabelled: [ListRowData] = {
            var rows = first
            for index in stride(from: 0, to: rows.count, by: 10) { rows[index].label += " !!!" }
            return rows
        }()
        let labels = stride(from: 0, to: count, by: 10).map { relabelled[$0].label }
        let originalLabels = stride(from: 0, to: count, by: 10).map { first[$0].label }
        var swapped = first
        swapped.swapAt(1, count - 2)
        var random = SeededRandom(seed: w5.seed)
        let removed = Int.random(in: 0..<count, using: &random)
        var withoutOne = first
        withoutOne.remove(at: removed)

        // (id, operation, the step, the list the host starts with)
        let steps: [(String, String, ListStep, [ListRowData], Int)] = [
            ("W5-create", "create \(count) rows",
             ListStep(start: [], actions: [.set(first)], expected: [first]), [], count),
            ("W5-replace", "replace all \(count) rows",
             ListStep(start: nil, actions: [.set(second), .set(first)], expected: [second, first]), first, count),
            ("W5-update10th", "update every 10th row of \(count)",
             ListStep(start: nil, actions: [.relabel(step: 10, labels: labels), .relabel(step: 10, labels: originalLabels)],
                      expected: [relabelled, first]), first, count),
            ("W5-swap", "swap rows 2 and \(count - 1) of \(count)",
             ListStep(start: nil, actions: [.swap(1, count - 2), .swap(1, count - 2)], expected: [swapped, first]), first, count),
            ("W5-remove", "remove one row of \(count)",
             ListStep(start: first, actions: [.remove(at: removed)], expected: [withoutOne]), first, count),
            ("W5-append", "append \(count) rows to \(count)",
             ListStep(start: first, actions: [.append(more)], expected: [first + more]), first, 2 * count),
            ("W5-clear", "clear \(count) rows",
             ListStep(start: first, actions: [.set([])], expected: [[]]), first, count),
            ("W5-create10k", "create \(many) rows",
             ListStep(start: [], actions: [.set(manyRows)], expected: [manyRows]), [], many),
        ]
        return steps.map { id, operation, step, initial, nodes in
            WorkloadCase(
                id: id, workload: "W5", operation: operation, profile: "w5-keyed-list", nodes: nodes + 1,
                opsPerSample: [:], maxSamples: [.reference: 200], variants: Variant.allCases
            ) { variant in
                byVariant(variant,
                          fast: { ListOpOnHost<Fast<ListRoot>>(step: step, initial: initial) },
                          reference: { ListOpOnHost<Reference<ListRoot>>(step: step, initial: initial) },
                          vanilla: { ListOpVanilla(step: step, initial: initial) })
            }
        }
    }
}
