import Workflow
import WorkflowHostHarness

// W8: workflow-kotlin's benchmark shapes, squarish (fanout 3, depth 5) and
// bushy (one parent, 250 leaves); every node runs one side effect. Eight
// operations on each; the root values to send are made beforehand.

/// The W8 operations, as listed in Benchmarks/README.md.
public enum ShapeOperation: String, CaseIterable {
    case create, addLeaf, removeLeaf, propsChangeOne, propsChangeAll, stateChangeOne, stateChangeAll, tearDown

    var label: String {
        switch self {
        case .create: "create all"
        case .addLeaf: "add one leaf"
        case .removeLeaf: "remove one leaf"
        case .propsChangeOne: "props change, one leaf"
        case .propsChangeAll: "props change, all leaves"
        case .stateChangeOne: "state change, one leaf"
        case .stateChangeAll: "state change, all leaves"
        case .tearDown: "tear down all"
        }
    }
}

/// A W8 tree's shape and the leaf the "one leaf" operations touch.
struct ShapeSpec {
    var name: String
    var fanout: Int
    var depth: Int
    var chosenLeaf: Int

    var leaves: Int { ShapeNode.leafCount(fanout: fanout, levelsBelow: depth) }
    var nodes: Int { TallyShape(depth: depth, fanout: fanout, seed: 0).nodeCount }

    func root(effects: ShapeEffects, extraLeaves: Int = 0, generation: Int = 0, target: Int = -2) -> ShapeNode {
        ShapeNode(levelsBelow: depth, fanout: fanout, firstLeaf: 0, extraLeaves: extraLeaves,
                  propsGeneration: generation, propsTarget: target, effects: effects)
    }
}

/// One W8 operation on a host. The expected root total and number of live
/// side effects are tracked beside it and checked.
final class ShapeOpOnHost<Host: WorkflowHosting>: WorkloadOperation where Host.WorkflowType == ShapeNode {
    private let spec: ShapeSpec
    private let kind: ShapeOperation
    private let effects: ShapeEffects
    private let base: ShapeNode
    private let withExtra: ShapeNode
    private let generations: [ShapeNode]
    private var host: Host?
    private var generation = 0
    private var expectedTotal = 0
    private var expectedLive: Int
    private var leafSinks: [Sink<ShapeNode.Action>] = []

    init(spec: ShapeSpec, kind: ShapeOperation) {
        self.spec = spec
        self.kind = kind
        let effects = ShapeEffects(leafCapacity: spec.leaves + 1)
        self.effects = effects
        base = spec.root(effects: effects)
        withExtra = spec.root(effects: effects, extraLeaves: 1)
        let target = kind == .propsChangeAll ? -1 : spec.chosenLeaf
        generations = [1, 2].map { spec.root(effects: effects, generation: $0, target: target) }
        expectedLive = spec.nodes
        if kind != .create && kind != .tearDown { start() }
    }

    private func start() {
        host = Host(workflow: base)
        leafSinks = effects.leafSinks.prefix(spec.leaves).map { $0! }
    }

    var needsPreparation: Bool { [.create, .addLeaf, .removeLeaf, .tearDown].contains(kind) }

    func prepare() {
        switch kind {
        case .create: host = nil
        case .tearDown: start()
        case .addLeaf: host!.update(workflow: base)
        case .removeLeaf: host!.update(workflow: withExtra)
        default: break
        }
    }

    func run() {
        switch kind {
        case .create:
            start()
            blackHole(host!.rendering)
        case .tearDown:
            host = nil
            expectedLive = 0
        case .addLeaf:
            host!.update(workflow: withExtra)
            expectedLive = spec.nodes + 1
            blackHole(host!.rendering)
        case .removeLeaf:
            host!.update(workflow: base)
            expectedLive = spec.nodes
            blackHole(host!.rendering)
        case .propsChangeOne, .propsChangeAll:
            host!.update(workflow: generations[generation])
            generation ^= 1
            blackHole(host!.rendering)
        case .stateChangeOne:
            leafSinks[spec.chosenLeaf].send(.bump)
            expectedTotal += 1
            blackHole(host!.rendering)
        case .stateChangeAll:
            for sink in leafSinks { sink.send(.bump) }
            expectedTotal += spec.leaves
            blackHole(host!.rendering)
        }
    }

    func check() -> String? {
        if effects.live != expectedLive {
            return "\(effects.live) live side effects, expected \(expectedLive)"
        }
        guard let host else { return kind == .tearDown ? nil : "no host" }
        var expected = expectedTotal
        if kind == .propsChangeOne { expected += generation == 1 ? 1 : 2 }
        if kind == .propsChangeAll { expected += (generation == 1 ? 1 : 2) * spec.leaves }
        return host.rendering == expected ? nil : "root total \(host.rendering), expected \(expected)"
    }
}

/// The vanilla W8: plain arrays of node states and leaf tags, with the same
/// side-effect counting; each op updates them and re-derives the root total
/// by one pass over the nodes (what a hand-written view model would do).
final class ShapeVanilla: WorkloadOperation {
    private let spec: ShapeSpec
    private let kind: ShapeOperation
    private var states: [Int] = []
    private var tags: [Int] = []
    private var started = 0
    private var ended = 0
    private var total = 0
    private var expectedTotal = 0
    private var expectedLive: Int
    private var generation = 0

    init(spec: ShapeSpec, kind: ShapeOperation) {
        self.spec = spec
        self.kind = kind
        expectedLive = spec.nodes
        if kind != .create && kind != .tearDown { build() }
    }

    private func build() {
        states = Array(repeating: 0, count: spec.nodes)
        tags = Array(repeating: 0, count: spec.leaves)
        started += spec.nodes
        derive()
    }

    private func release() {
        ended += states.count
        states = []
        tags = []
        total = 0
    }

    private func derive() {
        var sum = 0
        for state in states { sum += state }
        for tag in tags { sum += tag }
        total = sum
    }

    var needsPreparation: Bool { [.create, .addLeaf, .removeLeaf, .tearDown].contains(kind) }

    func prepare() {
        switch kind {
        case .create: release()
        case .tearDown: build()
        case .addLeaf:
            if states.count > spec.nodes { states.removeLast(); ended += 1; derive() }
        case .removeLeaf:
            if states.count == spec.nodes { states.append(0); started += 1; derive() }
        default: break
        }
    }

    func run() {
        // Leaves are the last `leaves` nodes (breadth-first layout).
        let firstLeafNode = spec.nodes - spec.leaves
        switch kind {
        case .create: build()
        case .tearDown:
            release()
            expectedLive = 0
        case .addLeaf:
            states.append(0)
            started += 1
            expectedLive = spec.nodes + 1
            derive()
        case .removeLeaf:
            states.removeLast()
            ended += 1
            derive()
        case .propsChangeOne:
            generation ^= 1
            tags[spec.chosenLeaf] = generation == 1 ? 1 : 2
            derive()
        case .propsChangeAll:
            generation ^= 1
            for index in tags.indices { tags[index] = generation == 1 ? 1 : 2 }
            derive()
        case .stateChangeOne:
            states[firstLeafNode + spec.chosenLeaf] += 1
            expectedTotal += 1
            derive()
        case .stateChangeAll:
            for leaf in 0..<spec.leaves { states[firstLeafNode + leaf] += 1 }
            expectedTotal += spec.leaves
            derive()
        }
    }

    func check() -> String? {
        if started - ended != expectedLive { return "\(started - ended) live effects, expected \(expectedLive)" }
        var expected = expectedTotal
        if kind == .propsChangeOne { expected += generation == 1 ? 1 : 2 }
        if kind == .propsChangeAll { expected += (generation == 1 ? 1 : 2) * spec.leaves }
        return total == expected ? nil : "root total \(total), expected \(expected)"
    }
}

extension Catalog {
    static func kotlinShapeCases() throws -> [WorkloadCase] {
        let w8 = try WorkloadProfileShape("w8-kotlin-shapes", shape: "uniform")
        try w8.requireEvents(Set(ShapeOperation.allCases.map(\.rawValue)))
        let tree = w8.profile.tree
        var random = SeededRandom(seed: w8.seed)
        func spec(_ name: String, fanout: Int, depth: Int) -> ShapeSpec {
            var spec = ShapeSpec(name: name, fanout: fanout, depth: depth, chosenLeaf: 0)
            spec.chosenLeaf = Int.random(in: 0..<spec.leaves, using: &random)
            return spec
        }
        let shapes = [
            spec("squarish", fanout: tree.fanout.min, depth: tree.depth.max),
            spec("bushy", fanout: tree.fanout.max, depth: tree.depth.min),
        ]
        return shapes.flatMap { shape in
            ShapeOperation.allCases.map { kind in
                WorkloadCase(
                    id: "W8-\(shape.name)-\(kind.rawValue)", workload: "W8", operation: "\(shape.name): \(kind.label)",
                    profile: "w8-kotlin-shapes", nodes: shape.nodes,
                    opsPerSample: [:], maxSamples: [.reference: 300], variants: Variant.allCases
                ) { variant in
                    byVariant(variant,
                              fast: { ShapeOpOnHost<Fast<ShapeNode>>(spec: shape, kind: kind) },
                              reference: { ShapeOpOnHost<Reference<ShapeNode>>(spec: shape, kind: kind) },
                              vanilla: { ShapeVanilla(spec: shape, kind: kind) })
                }
            }
        }
    }
}
