/// Compares what a fast host showed in a step with what the reference
/// showed, every published rendering included, and checks the
/// render-skipping invariants (S3, S4). Returns a readable description of
/// the first difference, or nil.
enum Differ {
    /// - Parameter cascadeOnly: the step was a send (not the first render, an
    ///   update or the teardown), so a step that changed no state in the
    ///   reference must render nothing in the fast runtime with skipping.
    static func compare(
        reference: Observation, other: Observation, kind: ComparedHost, cascadeOnly: Bool
    ) -> String? {
        let name = kind.description
        var reference = reference
        if !kind.observed {
            // No observer, no debugger: only the workflows' own log lines,
            // the probes', and those of the host's rendering observation and
            // publisher subscribers.
            reference.entries = reference.entries.filter {
                $0.hasPrefix("effect ") || $0.hasPrefix("probe ") || $0.hasPrefix("watched") || $0.hasPrefix("publisher ")
            }
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
        if reference.published != other.published {
            return "renderings published differ, \(reference.published.count) by the reference, "
                + "\(other.published.count) by \(name) (S3; - reference, + \(name)):\n"
                + lineDiff(publicationLines(reference.published), publicationLines(other.published))
        }
        guard kind.observed else { return nil }  // no observer: no render counts
        switch kind.runtime {
        case .reference:
            break
        case .fastNoSkipping:
            if other.renders != reference.renders {
                return "render calls: reference \(reference.renders), fastNoSkipping \(other.renders) (must be equal)"
            }
        case .fast:
            if other.renders > reference.renders {
                return "render calls: reference \(reference.renders), fast \(other.renders) (S4: fast must not render more)"
            }
            if cascadeOnly, !reference.stateChanged, other.renders != 0 {
                return "render calls: fast rendered \(other.renders) nodes in a cascade that changed no state (S3: must be 0)"
            }
        }
        return nil
    }

    /// B4: a host rendering bursts once against the reference rendering each
    /// send: the same rendering, sinks, outputs and live side effects after
    /// the step, and the renderings it published a subsequence of the
    /// reference's, ending in the same one.
    static func compareBurst(
        reference: Observation, other: Observation, name: String,
        referenceEffects: Set<String>, otherEffects: Set<String>
    ) -> String? {
        if reference.tree != other.tree {
            return "rendering after the burst differs (B4; - reference, + \(name)):\n"
                + lineDiff(reference.tree?.lines ?? [], other.tree?.lines ?? [])
        }
        if reference.sinks != other.sinks {
            return "sinks carried by the rendering differ (B4; - reference, + \(name)):\n"
                + lineDiff(reference.sinks.map(\.description), other.sinks.map(\.description))
        }
        if reference.outputs != other.outputs {
            return "root outputs differ (B2): reference \(reference.outputs), \(name) \(other.outputs)"
        }
        if referenceEffects != otherEffects {
            return "side effects alive after the burst differ (B4; - reference, + \(name)):\n"
                + lineDiff(referenceEffects.sorted(), otherEffects.sorted())
        }
        // Couriers go inside an action's apply, so in the same order (B1).
        let referenceDeinits = reference.entries.filter { $0.hasPrefix("probe ") }
        let otherDeinits = other.entries.filter { $0.hasPrefix("probe ") }
        if referenceDeinits != otherDeinits {
            return "probes' deinits differ (B1; - reference, + \(name)):\n" + lineDiff(referenceDeinits, otherDeinits)
        }
        var remaining = reference.published[...]
        for rendering in other.published {
            guard let found = remaining.firstIndex(of: rendering) else {
                return "\(name) published a rendering the reference did not, or out of order (B3; - reference, + \(name)):\n"
                    + lineDiff(publicationLines(reference.published), publicationLines(other.published))
            }
            remaining = remaining[(found + 1)...]
        }
        if reference.published.last != other.published.last {
            return "the last rendering published differs (B3; - reference, + \(name)):\n"
                + lineDiff(publicationLines(reference.published), publicationLines(other.published))
        }
        return nil
    }

    /// Publications one after the other, each numbered, for `lineDiff`.
    static func publicationLines(_ published: [PublishedRendering]) -> [String] {
        published.enumerated().flatMap { index, rendering in
            ["publication \(index + 1):"] + rendering.lines.map { "  " + $0 }
        }
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
