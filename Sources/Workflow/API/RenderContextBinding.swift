/// A render context's tie to the render that got it: the runtime and node
/// (fast runtime only) and whether that render still runs (R5).
@usableFromInline
struct RenderContextBinding {
    @usableFromInline var runtime: Unmanaged<FastRuntime>?
    @usableFromInline var node: NodeHandle
    @usableFromInline var isValid: Bool

    @inlinable
    init(runtime: Unmanaged<FastRuntime>?, node: NodeHandle, isValid: Bool) {
        self.runtime = runtime
        self.node = node
        self.isValid = isValid
    }
}
