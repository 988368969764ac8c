/// A context's tie to its render: runtime and node (fast), validity (R5).
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
