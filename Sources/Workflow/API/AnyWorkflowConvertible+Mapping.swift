// Mapping a child; only `ignoringOutput()` adds a node (R2).

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

    /// Turns each output into an action of the parent that runs `apply`.
    @inlinable
    public func onOutput<Parent>(
        _ apply: @escaping (inout Parent.State, Output) -> Parent.Output?
    ) -> AnyWorkflow<Rendering, AnyWorkflowAction<Parent>> {
        mapOutput { output in
            AnyWorkflowAction<Parent> { state, _ in apply(&state, output) }
        }
    }

    /// The same workflow, its outputs dropped by a node of its own (R2).
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
