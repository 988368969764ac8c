import Workflow

/// W2: a chain of nested children; each link renders its child and adds one,
/// so the root's rendering is the chain's length.
public struct ChainLink: Workflow, Equatable {
    public var levelsBelow: Int

    public typealias State = Void

    public func render(state: Void, context: RenderContext<ChainLink>) -> Int {
        RenderCount.value &+= 1
        guard levelsBelow > 0 else { return 1 }
        return ChainLink(levelsBelow: levelsBelow - 1).rendered(in: context) + 1
    }
}

/// The vanilla W2 rendering: the same recursion as plain function calls.
@inline(never)
func vanillaChainRendering(levelsBelow: Int) -> Int {
    guard levelsBelow > 0 else { return 1 }
    return vanillaChainRendering(levelsBelow: levelsBelow - 1) + 1
}

final class ChainVanilla: WorkloadOperation {
    private let length: Int
    private var rendering = 0

    init(length: Int) { self.length = length }

    var needsPreparation: Bool { true }
    func prepare() { rendering = 0 }
    func run() { rendering = vanillaChainRendering(levelsBelow: length - 1) }
    func check() -> String? { rendering == length ? nil : "chain rendered \(rendering), expected \(length)" }
}

extension Catalog {
    static func chainCases() throws -> [WorkloadCase] {
        let w2 = try WorkloadProfileShape("w2-deep", shape: "chain")
        try w2.requireEvents(["firstRender"])
        let length = w2.depth
        let root = ChainLink(levelsBelow: length - 1)
        let check = { (rendering: Int) in rendering == length ? nil : "chain rendered \(rendering), expected \(length)" }
        return [
            WorkloadCase(
                id: "W2", workload: "W2", operation: "first render (host creation)", profile: "w2-deep",
                nodes: length, opsPerSample: [:], maxSamples: [.reference: 300], variants: Variant.allCases
            ) { variant in
                byVariant(variant,
                          fast: { FirstRenderOnHost<Fast<ChainLink>>(root: root, check: check) },
                          reference: { FirstRenderOnHost<Reference<ChainLink>>(root: root, check: check) },
                          vanilla: { ChainVanilla(length: length) })
            },
        ]
    }
}
