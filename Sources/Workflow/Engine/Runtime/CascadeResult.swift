/// What the runtime hands its port at the end of a cascade (R18), the first
/// render, or an `update(workflow:)` (a cascade's end upstream too, R19).
@usableFromInline
struct CascadeResult {
    @usableFromInline
    enum Source {
        case action
        /// `update(workflow:)`: the root renders and publishes, always.
        case update
        /// The host's first render: nothing is published.
        case firstRender
    }

    @usableFromInline var source: Source
    /// Whether the root renders first: always for an update or first render;
    /// after actions, if it is dirty (S1) or skipping is off.
    @usableFromInline var rendersRoot: Bool
    /// False for the first render, or with `renderOnlyIfStateChanged` on and
    /// no state changed (S3).
    @usableFromInline var publishesRendering: Bool
}
