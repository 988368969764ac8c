/// What the runtime hands its port when a cascade ends (R18), and when the
/// host's own steps end the same way: its first render, and an
/// `update(workflow:)`, which upstream's host also ends as a cascade (R19).
@usableFromInline
struct CascadeResult {
    /// What ended.
    @usableFromInline
    enum Source {
        /// A cascade of actions from a send.
        case action
        /// The host's `update(workflow:)`: the root renders and the rendering
        /// is published, always.
        case update
        /// The host's first render: nothing is published.
        case firstRender
    }

    @usableFromInline var source: Source
    /// Whether the root renders now, before the rendering is published: it
    /// is dirty (S1), or render skipping is off. Only when it publishes.
    @usableFromInline var rendersRoot: Bool
    /// Whether the host publishes its rendering, new or unchanged (S3):
    /// false only when `renderOnlyIfStateChanged` is on and no action of the
    /// cascade changed a state.
    @usableFromInline var publishesRendering: Bool
}
