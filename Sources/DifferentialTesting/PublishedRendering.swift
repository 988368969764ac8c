/// One rendering a host handed to its rendering observers, as plain values:
/// the differential run compares the whole sequence of them, step by step
/// (S3: one per cascade, even when nothing was rendered).
struct PublishedRendering: Equatable {
    var tree: RenderTree
    var sinks: [SinkMeta]

    init(_ screen: FuzzScreen) {
        tree = screen.tree
        sinks = screen.sinks.map(\.meta)
    }

    /// Its tree, one node per line, then its sinks; for diffs.
    var lines: [String] {
        tree.lines + ["sinks: " + sinks.map(\.description).joined(separator: " ")]
    }
}
