/// Everything one host showed during one step, as plain values.
struct Observation {
    var tree: RenderTree?
    var sinks: [SinkMeta]
    var entries: [String]
    var outputs: [String]
    var snapshots: [String]
    var renders: Int
    var published: [PublishedRendering]
    var stateChanged: Bool

    /// Takes the host's rendering (nil once it is released) and its log of
    /// the step, and resets the log.
    init(_ screen: FuzzScreen?, _ log: FuzzLog) {
        tree = screen?.tree
        sinks = screen?.sinks.map(\.meta) ?? []
        entries = log.entries
        outputs = log.outputs
        snapshots = log.snapshots
        renders = log.renders
        published = log.published
        stateChanged = log.stateChanged
        log.reset()
    }
}
