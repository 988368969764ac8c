// Transforming a child's rendering and output. `mapOutput`, `mapRendering`
// and `onOutput` add no node (R2); `ignoringOutput()` adds one.

extension AnyWorkflowConvertible {
    /// The same workflow with its outputs transformed.
    @inlinable
    public func mapOutput<NewOutput>(
        _ transform: @escaping (Output) -> NewOutput
    ) -> AnyWorkflow<Rendering, NewOutput> {
        asAnyWorkflow().mapOutput(transform)
    }

    /// The same workflow with its rendering transformed.
    @inlinable
    public func mapRendering<NewRendering>(
        _ transform: @escaping (Rendering) -> NewRendering
    ) -> AnyWorkflow<NewRendering, Output> {
        asAnyWorkflow().mapRendering(transform)
    }

    /// Handles each output in the parent: `apply` mutates the parent's state
    /// and may return the parent's output.
    @inlinable
    public func onOutput<Parent>(
        _ apply: @escaping (inout Parent.State, Output) -> Parent.Output?
    ) -> AnyWorkflow<Rendering, AnyWorkflowAction<Parent>> {
        mapOutput { output in
            AnyWorkflowAction<Parent> { state, _ in apply(&state, output) }
        }
    }

    /// Wraps this workflow in a node that swallows its outputs (R2: the wrapper
    /// takes the parent's key and renders this workflow under the key "").
    public func ignoringOutput() -> AnyWorkflow<Rendering, Never> {
        OutputBlockingWorkflow(child: self).asAnyWorkflow()
    }
}

extension AnyWorkflowConvertible where Output == Never {
    /// A workflow with no output, typed as having outputs of `NewOutput`.
    @inlinable
    public func mapOutput<NewOutput>(to: NewOutput.Type) -> AnyWorkflow<Rendering, NewOutput> {
        mapOutput { (never: Never) -> NewOutput in }
    }
}
