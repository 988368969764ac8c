/// Every workload case of Benchmarks/README.md, with sizes read from Profiles/.
public enum Catalog {
    public static func all() throws -> [WorkloadCase] {
        var cases: [WorkloadCase] = []
        cases += try wideCases()
        cases += try chainCases()
        cases += try leafUpdateCases()
        cases += try keyedListCases()
        cases += try scalingCases()
        cases += try kotlinShapeCases()
        cases += try queuedSendCases()
        cases += try observerCases()
        cases += try burstCases()
        cases += try workerBurstCases()
        return cases
    }

    /// The case with this id (e.g. "W3"), for the workload runner.
    public static func named(_ id: String) throws -> WorkloadCase? {
        try all().first { $0.id == id }
    }
}

extension Catalog {
    static func wideCases() throws -> [WorkloadCase] {
        let profile = try WorkloadProfileShape("w1-wide", shape: "wide")
        try profile.requireEvents(["firstRender", "forcedRerender"])
        let count = profile.fanout
        let all = Variant.allCases
        let firstRoot = WideRoot(count: count, generation: 0)
        let checkFirst = { (screens: [LeafScreen]) in checkWide(screens, count: count, generation: 0) }
        return [
            WorkloadCase(
                id: "W1", workload: "W1", operation: "first render (host creation)", profile: "w1-wide",
                nodes: count + 1, opsPerSample: [:], maxSamples: [.reference: 300], variants: all
            ) { variant in
                byVariant(variant,
                          fast: { FirstRenderOnHost<Fast<WideRoot>>(root: firstRoot, check: checkFirst) },
                          reference: { FirstRenderOnHost<Reference<WideRoot>>(root: firstRoot, check: checkFirst) },
                          vanilla: { WideVanilla(kind: .firstRender, count: count) })
            },
            WorkloadCase(
                id: "W1-teardown", workload: "W1", operation: "teardown", profile: "w1-wide",
                nodes: count + 1, opsPerSample: [:], maxSamples: [.reference: 300], variants: all
            ) { variant in
                byVariant(variant,
                          fast: { WideTeardownOnHost<Fast<WideRoot>>(count: count) },
                          reference: { WideTeardownOnHost<Reference<WideRoot>>(count: count) },
                          vanilla: { WideVanilla(kind: .teardown, count: count) })
            },
            WorkloadCase(
                id: "W1c", workload: "W1c", operation: "forced re-render (update(workflow:))", profile: "w1-wide",
                nodes: count + 1, opsPerSample: [:], maxSamples: [.reference: 300], variants: all
            ) { variant in
                byVariant(variant,
                          fast: { WideRerenderOnHost<Fast<WideRoot>>(count: count) },
                          reference: { WideRerenderOnHost<Reference<WideRoot>>(count: count) },
                          vanilla: { WideVanilla(kind: .rerender, count: count) })
            },
        ]
    }

    static func leafUpdateCases() throws -> [WorkloadCase] {
        let w3 = try WorkloadProfileShape("w3-leaf-update", shape: "uniform")
        try w3.requireEvents(["leafSend"])
        let shape = TallyShape(profile: w3)
        let all = Variant.allCases
        let w4 = try WorkloadProfileShape("w4-noop", shape: "uniform")
        try w4.requireEvents(["noopSend"])
        let noopShape = TallyShape(profile: w4)
        let nodes = noopShape.nodeCount
        return [
            WorkloadCase(
                id: "W3", workload: "W3", operation: "leaf state change", profile: "w3-leaf-update",
                nodes: shape.nodeCount, opsPerSample: [.fast: 100, .vanilla: 1_000], maxSamples: [.reference: 40], variants: all
            ) { variant in
                byVariant(variant,
                          fast: { LeafSendOnHost<Fast<TallyNode>>(shape: shape, amount: 1, rendersPerRun: shape.depth + 1) },
                          reference: { LeafSendOnHost<Reference<TallyNode>>(shape: shape, amount: 1, rendersPerRun: shape.nodeCount) },
                          vanilla: { LeafSendVanilla(shape: shape, amount: 1) })
            },
            WorkloadCase(
                id: "W4", workload: "W4", operation: "no-op action", profile: "w4-noop",
                nodes: nodes, opsPerSample: [.fast: 100, .vanilla: 1_000], maxSamples: [.reference: 40], variants: all
            ) { variant in
                byVariant(variant,
                          fast: { LeafSendOnHost<Fast<TallyNode>>(shape: noopShape, amount: 0, rendersPerRun: 0) },
                          reference: { LeafSendOnHost<Reference<TallyNode>>(shape: noopShape, amount: 0, rendersPerRun: nodes) },
                          vanilla: { LeafSendVanilla(shape: noopShape, amount: 0) })
            },
            WorkloadCase(
                id: "W4-rois", workload: "W4", operation: "no-op action, renderOnlyIfStateChanged", profile: "w4-noop",
                nodes: nodes, opsPerSample: [.fast: 1_000, .reference: 1_000, .vanilla: 1_000], maxSamples: [:], variants: all
            ) { variant in
                byVariant(variant,
                          fast: { LeafSendOnHost<Fast<TallyNode>>(shape: noopShape, amount: 0, rendersPerRun: 0, renderOnlyIfStateChanged: true) },
                          reference: { LeafSendOnHost<Reference<TallyNode>>(shape: noopShape, amount: 0, rendersPerRun: 0, renderOnlyIfStateChanged: true) },
                          vanilla: { LeafSendVanilla(shape: noopShape, amount: 0) })
            },
        ]
    }
}

extension Catalog {
    /// W7: W3's op on uniform trees of fanout 10, one per depth of the profile.
    /// The reference runtime re-renders every node per op (about 2 s at
    /// 1.1M nodes, plus a 2 GB tree): it stops at 100k to keep `make bench`
    /// within its 10 minutes.
    static func scalingCases() throws -> [WorkloadCase] {
        let w7 = try WorkloadProfileShape("w7-scaling", shape: "uniform")
        try w7.requireEvents(["leafSend"])
        let referenceLimit = 200_000
        return w7.profile.tree.depth.range.map { depth in
            let shape = TallyShape(depth: depth, fanout: w7.fanout, seed: w7.seed)
            let withReference = shape.nodeCount <= referenceLimit
            return WorkloadCase(
                id: "W7-\(shape.nodeCount)", workload: "W7", operation: "leaf state change, \(shape.nodeCount) nodes",
                profile: "w7-scaling", nodes: shape.nodeCount,
                opsPerSample: [.fast: 100, .vanilla: 1_000], maxSamples: [.reference: 20],
                variants: withReference ? Variant.allCases : [.fast, .vanilla],
                note: withReference ? nil : "reference not run above \(referenceLimit) nodes (seconds per op)"
            ) { variant in
                byVariant(variant,
                          fast: { LeafSendOnHost<Fast<TallyNode>>(shape: shape, amount: 1, rendersPerRun: depth + 1) },
                          reference: { LeafSendOnHost<Reference<TallyNode>>(shape: shape, amount: 1, rendersPerRun: shape.nodeCount) },
                          vanilla: { LeafSendVanilla(shape: shape, amount: 1) })
            }
        }
    }
}
