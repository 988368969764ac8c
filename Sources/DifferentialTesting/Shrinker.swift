import Dispatch

/// Reduces a failing case to a small one that still fails: drops events,
/// cuts the tree down, resets flags, simplifies event parameters, and keeps
/// every change after which the case still diverges against the same fast
/// configuration. Greedy, repeated until nothing more helps or the budget
/// is spent.
@MainActor
public struct Shrinker {
    public private(set) var runs = 0
    private let maxRuns: Int
    private let deadline: DispatchTime

    public init(maxRuns: Int = 4000, seconds: Double = 30) {
        self.maxRuns = maxRuns
        deadline = .now() + seconds
    }

    public mutating func shrink(_ failing: FuzzCase, _ divergence: Divergence) -> (FuzzCase, Divergence) {
        var best = failing
        var bestDivergence = divergence
        // Events after the divergent step never ran.
        if divergence.step <= best.events.count {
            best.events = Array(best.events.prefix(divergence.step))
        }
        func attempt(_ candidate: FuzzCase) -> Bool {
            guard runs < maxRuns, DispatchTime.now() < deadline else { return false }
            runs += 1
            guard let found = DifferentialRun.run(candidate.tree, candidate.events, initialInput: candidate.initialInput),
                  found.runtime == divergence.runtime
            else { return false }
            best = candidate
            bestDivergence = found
            if found.step <= best.events.count { best.events = Array(best.events.prefix(found.step)) }
            return true
        }

        var progress = true
        while progress, runs < maxRuns, DispatchTime.now() < deadline {
            progress = false
            // Drop chunks of events, large chunks first.
            var chunk = max(best.events.count / 2, 1)
            while chunk >= 1, !best.events.isEmpty {
                var start = 0
                while start < best.events.count {
                    var candidate = best
                    candidate.events.removeSubrange(start..<min(start + chunk, candidate.events.count))
                    if attempt(candidate) { progress = true } else { start += chunk }
                }
                chunk /= 2
            }
            // Simpler trees.
            for tree in Self.simplerTrees(best.tree) {
                var candidate = best
                candidate.tree = tree
                if attempt(candidate) {
                    progress = true
                    break  // the list of simplifications is stale now
                }
            }
            // Simpler events and props.
            for index in best.events.indices {
                for event in Self.simplerEvents(best.events[index]) {
                    var candidate = best
                    candidate.events[index] = event
                    if attempt(candidate) {
                        progress = true
                        break
                    }
                }
            }
            if best.initialInput != 0 {
                var candidate = best
                candidate.initialInput = 0
                if attempt(candidate) { progress = true }
            }
        }
        return (best, bestDivergence)
    }

    // MARK: Candidates

    /// Trees one simplification away from `tree`, biggest cuts first.
    static func simplerTrees(_ tree: TreeSpec) -> [TreeSpec] {
        var result: [TreeSpec] = []
        for plainer: (inout TreeSpec) -> Void in [
            { $0.rootInAnyWorkflow = false }, { $0.debugger = false }, { $0.renderOnlyIfStateChanged = false },
        ] {
            var candidate = tree
            plainer(&candidate)
            if candidate != tree { result.append(candidate) }
        }
        let paths = nodePaths(tree.root)
        // Cut a subtree, or put a child in its parent's place.
        for path in paths where !path.isEmpty {
            var cut = tree
            cut.root = removing(path, from: tree.root)
            result.append(cut)
        }
        for path in paths {
            let node = tree.root[path]
            for child in node.children + node.listRow {
                var hoisted = tree
                var replacement = child
                if path.isEmpty { replacement.kind = child.kind == .emptyLeaf ? .stateful : child.kind }
                hoisted.root[path] = replacement
                result.append(hoisted)
            }
        }
        // Fewer rows, then plainer flags.
        for path in paths {
            let node = tree.root[path]
            var variants: [NodeSpec] = []
            if node.listRows > 0 {
                var fewer = node
                fewer.listRows = node.listRows > 1 ? node.listRows / 2 : 0
                variants.append(fewer)
            }
            for simplify in flagSimplifications {
                var plain = node
                simplify(&plain)
                if plain != node { variants.append(plain) }
            }
            for variant in variants {
                var candidate = tree
                candidate.root[path] = variant
                result.append(candidate)
            }
        }
        return result
    }

    private static let flagSimplifications: [(inout NodeSpec) -> Void] = [
        { $0.sideEffect = false }, { $0.wrap = .plain }, { $0.route = .outputMap }, { $0.optional = false },
        { $0.inheritsProps = false }, { $0.forwards = true }, { $0.equatableProps = true },
        { $0.equatableState = true },
        { if $0.kind == .stateless { $0.kind = .stateful } },
    ]

    static func simplerEvents(_ event: FuzzEvent) -> [FuzzEvent] {
        switch event {
        case let .update(input):
            return input == 0 ? [] : [.update(input: 0)]
        case let .queuedSend(pick, command, sends):
            // The plain send, fewer follow-ups, simpler follow-ups.
            var result: [FuzzEvent] = [.send(pick, command)]
            for i in sends.indices {
                var fewer = sends
                fewer.remove(at: i)
                result.append(.queuedSend(pick, command, then: fewer))
                for simpler in simplerPicks(sends[i].pick) {
                    var changed = sends
                    changed[i].pick = simpler
                    result.append(.queuedSend(pick, command, then: changed))
                }
            }
            return result
        case let .workerSends(sends, followUps):
            // Fewer sends and follow-ups, simpler picks.
            var result: [FuzzEvent] = sends.count == 1 && followUps.isEmpty ? [.send(sends[0].pick, sends[0].command)] : []
            for i in sends.indices where sends.count > 1 {
                var fewer = sends
                fewer.remove(at: i)
                result.append(.workerSends(fewer, then: followUps))
            }
            for i in followUps.indices {
                var fewer = followUps
                fewer.remove(at: i)
                result.append(.workerSends(sends, then: fewer))
            }
            for i in sends.indices {
                for simpler in simplerPicks(sends[i].pick) {
                    var changed = sends
                    changed[i].pick = simpler
                    result.append(.workerSends(changed, then: followUps))
                }
            }
            return result
        case let .send(pick, command):
            var result: [FuzzEvent] = []
            for simpler in simplerPicks(pick) { result.append(.send(simpler, command)) }
            if command != .bump, command != .noop { result.append(.send(pick, .bump)) }
            switch command {
            case let .setCount(n) where n > 0: result.append(.send(pick, .setCount(0)))
            case let .emit(n) where n > 0: result.append(.send(pick, .emit(0)))
            case let .bumpAndEmit(n) where n > 0: result.append(.send(pick, .bumpAndEmit(0)))
            case let .insertRow(n) where n > 0: result.append(.send(pick, .insertRow(0)))
            case let .removeRow(n) where n > 0: result.append(.send(pick, .removeRow(0)))
            case let .editRow(n) where n > 0: result.append(.send(pick, .editRow(0)))
            case let .moveRow(a, b) where a > 0 || b > 0: result.append(.send(pick, .moveRow(0, min(b, 1))))
            default: break
            }
            return result
        }
    }

    private static func simplerPicks(_ pick: SinkPick) -> [SinkPick] {
        switch pick {
        case let .current(n): n == 0 ? [] : [.current(0), .current(n / 2)]
        case let .toRoot(n): n == 0 ? [.current(0)] : [.toRoot(0), .toRoot(n / 2)]
        case let .stale(n): n == 0 ? [] : [.stale(0), .stale(n / 2)]
        case let .main(n): n == 0 ? [] : [.main(0), .main(n / 2)]
        }
    }

    // MARK: Paths in a spec

    /// Every node's path: child indices, `-1` for the list row template.
    static func nodePaths(_ node: NodeSpec, _ prefix: [Int] = []) -> [[Int]] {
        var paths = [prefix]
        for (i, child) in node.children.enumerated() { paths += nodePaths(child, prefix + [i]) }
        if let row = node.row { paths += nodePaths(row, prefix + [-1]) }
        return paths
    }

    private static func removing(_ path: [Int], from root: NodeSpec) -> NodeSpec {
        var root = root
        let parentPath = Array(path.dropLast())
        var parent = root[parentPath]
        if path.last! == -1 {
            parent.listRow = []
            parent.listRows = 0
        } else {
            parent.children.remove(at: path.last!)
        }
        root[parentPath] = parent
        return root
    }
}

extension NodeSpec {
    /// The node at `path` (child indices, -1 for the list row template).
    subscript(path: [Int]) -> NodeSpec {
        get {
            guard let first = path.first else { return self }
            return (first == -1 ? listRow[0] : children[first])[Array(path.dropFirst())]
        }
        set {
            guard let first = path.first else {
                self = newValue
                return
            }
            if first == -1 {
                listRow[0][Array(path.dropFirst())] = newValue
            } else {
                children[first][Array(path.dropFirst())] = newValue
            }
        }
    }
}
