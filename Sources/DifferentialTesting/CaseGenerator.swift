import WorkloadProfiles
import WorkflowHostHarness

/// One differential case: a tree, the root's first props, and events.
public struct FuzzCase: Sendable {
    public var seed: UInt64
    public var tree: TreeSpec
    public var initialInput: Int
    public var events: [FuzzEvent]
}

/// Draws cases from a workload profile (`Profiles/fuzz-*.json`): the tree's
/// depth, fanout and node kinds from `tree`, the event kinds and their
/// weights from `events`. The same (profile, seed) always gives the same case.
public struct CaseGenerator: Sendable {
    public let profile: WorkloadProfile

    /// Choices the profile does not cover, fixed here.
    static let forwardsProbability = 0.8
    static let inheritsPropsProbability = 0.5
    /// Share of stateful leaves that are `EmptyLeaf` (no stored properties).
    static let emptyLeafShare = 0.25
    /// Share of cases whose hosts have a debugger (snapshots are costly).
    static let debuggerProbability = 0.25
    /// Share of cases run with `renderOnlyIfStateChanged` on.
    static let renderOnlyIfStateChangedProbability = 0.25

    public static let eventKinds: Set<String> = [
        "send", "staleSend", "noopSend", "rootOutput", "updateProps", "queuedSend", "probe",
        "mainSend", "workerBurst", "observerBurst",
    ]
    /// Event kinds of bursts (B1-B4): a profile with one of them runs its
    /// fast hosts with bursts rendered once, and draws every send to a
    /// node's own sink with a command that retires no sink, child or side
    /// effect by itself, so that B4 applies.
    static let burstKinds: Set<String> = ["mainSend", "workerBurst", "observerBurst"]

    public init(profile: WorkloadProfile) throws {
        for kind in profile.events.mix.keys where !Self.eventKinds.contains(kind) {
            throw GeneratorError("profile \(profile.name): the fuzzer does not know the event kind \"\(kind)\"")
        }
        for route in profile.tree.outputRoutes.keys where NodeSpec.Route(rawValue: route) == nil {
            throw GeneratorError("profile \(profile.name): unknown output route \"\(route)\"")
        }
        guard profile.tree.shape == "random" else {
            throw GeneratorError("profile \(profile.name): the fuzzer needs tree.shape \"random\"")
        }
        self.profile = profile
    }

    public init(profileNamed name: String) throws {
        try self.init(profile: WorkloadProfile.load(name))
    }

    /// The seed of the profile's `index`-th case.
    public func seed(ofCase index: Int) -> UInt64 {
        var mixer = SeededRandom(seed: profile.seed &* 0x1_0000_0001 &+ UInt64(index))
        return mixer.next()
    }

    public func makeCase(seed: UInt64) -> FuzzCase {
        var rng = SeededRandom(seed: seed)
        let depth = rng.int(in: profile.tree.depth.range)
        var root = node(level: 0, depth: depth, &rng)
        if root.kind == .emptyLeaf { root.kind = .stateful }
        let conflatesBursts = !Self.burstKinds.isDisjoint(with: profile.events.mix.keys)
        if conflatesBursts { root.forEachNode { $0.tagsOutputs = false } }
        let tree = TreeSpec(root: root, rootInAnyWorkflow: rng.chance(profile.tree.anyWorkflow),
                            debugger: rng.chance(Self.debuggerProbability),
                            renderOnlyIfStateChanged: rng.chance(Self.renderOnlyIfStateChangedProbability),
                            conflatesBursts: conflatesBursts)
        let initialInput = rng.int(in: 0...3)
        let events = (0..<profile.events.count).map { _ in event(&rng) }
        return FuzzCase(seed: seed, tree: tree, initialInput: initialInput, events: events)
    }

    private func node(level: Int, depth: Int, _ rng: inout SeededRandom) -> NodeSpec {
        let shape = profile.tree
        let fanout = level >= depth ? 0 : rng.int(in: shape.fanout.range)
        var kind: NodeSpec.Kind = rng.chance(shape.stateful) ? .stateful : .stateless
        if kind == .stateful, fanout == 0, level > 0, rng.chance(Self.emptyLeafShare) { kind = .emptyLeaf }
        var spec = NodeSpec(
            kind,
            equatableProps: rng.chance(shape.equatable),
            equatableState: rng.chance(shape.equatable),
            sideEffect: kind != .emptyLeaf && rng.chance(shape.sideEffects),
            forwards: rng.chance(Self.forwardsProbability)
        )
        if level > 0 {
            spec.wrap = rng.chance(shape.anyWorkflow) ? .anyWorkflow : rng.chance(shape.mapRendering) ? .mapRendering : .plain
            spec.route = shape.outputRoutes.isEmpty ? .outputMap
                : rng.pick(NodeSpec.Route.allCases.map { ($0, shape.outputRoutes[$0.rawValue] ?? 0) })
            spec.optional = rng.chance(shape.optionalChildren)
            spec.inheritsProps = rng.chance(Self.inheritsPropsProbability)
        }
        if fanout > 0 {
            if kind == .stateful, rng.chance(shape.keyedLists) {
                spec.listRow = [node(level: level + 1, depth: depth, &rng)]
                spec.listRows = fanout
            } else {
                spec.children = (0..<fanout).map { _ in node(level: level + 1, depth: depth, &rng) }
            }
        }
        return spec
    }

    private func event(_ rng: inout SeededRandom) -> FuzzEvent {
        let shape = profile.tree
        let n = rng.index(1000)
        switch rng.pick(profile.events.weights.map { ($0.kind, $0.weight) }) {
        case "send":
            let command: FuzzCommand
            if rng.chance(shape.keyedLists) {
                // An event on a keyed list: churn (insert, remove, reorder) or a row edit.
                command = rng.chance(shape.listChurn)
                    ? rng.pick([(.insertRow(rng.index(100)), 2), (.removeRow(rng.index(100)), 2),
                                (.moveRow(rng.index(100), rng.index(100)), 1)])
                    : .editRow(rng.index(100))
            } else {
                command = rng.pick([(.bump, 4), (.setCount(rng.int(in: 0...3)), 2), (.bumpAndEmit(rng.index(100)), 1),
                                    (.toggleAlt, 1), (.toggleOptional, 1)])
            }
            return .send(.current(n), command)
        case "staleSend":
            return .send(.stale(n), rng.pick([(.bump, 3), (.bumpAndEmit(rng.index(100)), 1), (.toggleAlt, 1),
                                               (.insertRow(rng.index(100)), 1)]))
        case "noopSend":
            return .send(.current(n), .noop)
        case "probe":
            // A state takes a probe whose deinit re-enters the host, or lets
            // go of its probe (R24).
            return .send(.current(n), rng.pick([(.holdProbe(.log), 1), (.holdProbe(.send), 2),
                                                (.holdProbe(.update(rng.int(in: 0...5))), 1),
                                                (.holdProbe(.cancel), 1), (.dropProbe, 3)]))
        case "rootOutput":
            return .send(.toRoot(n), .emit(rng.index(100)))
        case "queuedSend":
            // The output observer of the first cascade sends once or twice;
            // the second send often targets the first one's sink, which the
            // first may have killed (a queued send to a dead sink is dropped).
            var sends: [Send] = []
            for _ in 0..<rng.int(in: 1...2) {
                let pick: SinkPick = if let first = sends.first, rng.chance(0.5) { first.pick }
                    else if rng.chance(0.5) { .current(rng.index(1000)) } else { .stale(rng.index(1000)) }
                sends.append(Send(pick, rng.pick([(.bump, 3), (.bumpAndEmit(rng.index(100)), 1), (.toggleOptional, 1),
                                                  (.toggleAlt, 1), (.removeRow(rng.index(100)), 1)])))
            }
            return .queuedSend(.toRoot(n), .bumpAndEmit(rng.index(100)), then: sends)
        case "mainSend":
            return .send(.main(n), burstCommand(&rng))
        case "workerBurst":
            let sends = (0..<rng.int(in: 1...5)).map { _ in Send(.main(rng.index(1000)), burstCommand(&rng)) }
            // Sometimes the output observer sends too, in the middle of them.
            let count = rng.chance(0.4) ? rng.int(in: 1...2) : 0
            return .workerSends(sends, then: (0..<count).map { _ in Send(.main(rng.index(1000)), burstCommand(&rng)) })
        case "observerBurst":
            let sends = (0..<rng.int(in: 1...4)).map { _ in Send(.main(rng.index(1000)), burstCommand(&rng)) }
            return .queuedSend(.toRoot(n), .emit(rng.index(100)), then: sends)
        default: // "updateProps"
            return .update(input: rng.int(in: 0...5))
        }
    }

    /// A command of a burst (B4): changes states, emits, edits a row's
    /// props, passes a courier whose deinit sends; never one that retires a
    /// sink or a node. No rendered probe: when its deinit runs depends on
    /// the render passes, which a burst changes.
    private func burstCommand(_ rng: inout SeededRandom) -> FuzzCommand {
        rng.pick([(.bump, 4), (.setCount(rng.int(in: 0...5)), 2), (.emit(rng.index(100)), 1),
                  (.bumpAndEmit(rng.index(100)), 2), (.noop, 1), (.editRow(rng.index(100)), 1),
                  (.passCourier, 1)])
    }
}

public struct GeneratorError: Error, CustomStringConvertible {
    public var description: String
    init(_ description: String) { self.description = description }

}
