/// What the runtime hands its host at the end of a cascade, once (R18): the
/// render pass, if one was due, has run by then.
@usableFromInline
struct CascadeResult {
    /// Whether the host publishes its rendering, new or unchanged (S3):
    /// false only when `renderOnlyIfStateChanged` is on and no action of the
    /// cascade changed a state.
    @usableFromInline var publishesRendering: Bool
}
