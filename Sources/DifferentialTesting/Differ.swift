/// Compares what a fast host showed in a step with what the reference
/// showed, and checks the render-skipping invariants (S3, S4). Returns a
/// readable description of the first difference, or nil.
enum Differ {
    /// - Parameter cascadeOnly: the step was a send (not the first render, an
    ///   update or the teardown), so a step that changed no state in the
    ///   reference must render nothing in the fast runtime with skipping.
    static func compare(
        reference: Observation, other: Observation, kind: ComparedRuntime, cascadeOnly: Bool
    ) -> String? {
        let name = kind.rawValue
        var reference = reference
        if kind == .fastUnobserved {
            // No observer, no debugger: only the workflows' own log lines.
            reference.entries = reference.entries.filter { $0.hasPrefix("effect ") }
            reference.snapshots = []
        }
        if reference.tree != other.tree {
            return "rendering differs (- reference, + \(name)):\n"
                + lineDiff(reference.tree?.lines ?? [], other.tree?.lines ?? [])
        }
        if reference.sinks != other.sinks {
            return "sinks carried by the rendering differ (- reference, + \(name)):\n"
                + lineDiff(reference.sinks.map(\.description), other.sinks.map(\.description))
        }
        if reference.entries != other.entries {
            return "log of node starts/ends, side effects and actions differs (- reference, + \(name)):\n"
                + lineDiff(reference.entries, other.entries)
        }
        if reference.outputs != other.outputs {
            return "root outputs differ: reference \(reference.outputs), \(name) \(other.outputs)"
        }
        if reference.snapshots != other.snapshots {
            return "debugger snapshots differ (- reference, + \(name)):\n"
                + lineDiff(reference.snapshots, other.snapshots)
        }
        switch kind {
        case .reference:
            break
        case .fastNoSkipping:
            if other.renders != reference.renders {
                return "render calls: reference \(reference.renders), fastNoSkipping \(other.renders) (must be equal)"
            }
            if other.published != reference.published {
                return "renderings published: reference \(reference.published), fastNoSkipping \(other.published) (must be equal)"
            }
        case .fastUnobserved:
            if other.published > reference.published || (cascadeOnly && !reference.stateChanged && other.published != 0) {
                return "renderings published: reference \(reference.published), fastUnobserved \(other.published) (S3)"
            }
        case .fast:
            if other.published > reference.published {
                return "renderings published: reference \(reference.published), fast \(other.published) (S4: must not be more)"
            }
            if cascadeOnly, !reference.stateChanged, other.published != 0 {
                return "renderings published: fast published \(other.published) in a cascade that changed no state (S3: must be 0)"
            }
            if other.renders > reference.renders {
                return "render calls: reference \(reference.renders), fast \(other.renders) (S4: fast must not render more)"
            }
            if cascadeOnly, !reference.stateChanged, other.renders != 0 {
                return "render calls: fast rendered \(other.renders) nodes in a cascade that changed no state (S3: must be 0)"
            }
        }
        return nil
    }

    /// The two line lists around their first difference, `-` for the
    /// reference's lines and `+` for the other's.
    static func lineDiff(_ expected: [String], _ actual: [String], context: Int = 3) -> String {
        var prefix = 0
        while prefix < expected.count, prefix < actual.count, expected[prefix] == actual[prefix] { prefix += 1 }
        var suffix = 0
        while suffix < expected.count - prefix, suffix < actual.count - prefix,
              expected[expected.count - 1 - suffix] == actual[actual.count - 1 - suffix] { suffix += 1 }
        var out: [String] = []
        let start = max(0, prefix - context)
        if start > 0 { out.append("  ...") }
        for line in expected[start..<prefix] { out.append("  " + line) }
        // Long runs of differing lines are cut: the first ones tell the story.
        let limit = 30
        let removed = expected[prefix..<(expected.count - suffix)]
        let added = actual[prefix..<(actual.count - suffix)]
        for line in removed.prefix(limit) { out.append("- " + line) }
        if removed.count > limit { out.append("- ... \(removed.count - limit) more") }
        for line in added.prefix(limit) { out.append("+ " + line) }
        if added.count > limit { out.append("+ ... \(added.count - limit) more") }
        let tail = expected[(expected.count - suffix)...].prefix(context)
        for line in tail { out.append("  " + line) }
        if suffix > context { out.append("  ...") }
        return out.joined(separator: "\n")
    }
}
