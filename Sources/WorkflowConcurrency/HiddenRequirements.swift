import Workflow

// This module's witnesses of Workflow's hidden requirements (why they exist:
// Sources/Workflow/API/HiddenRequirements.swift). Not for user code.

// A worker asked for directly (`running(in:key:)`) becomes its node without
// going through an `AnyWorkflow` box.

extension Worker {
    @preconcurrency @MainActor @inlinable
    public func _renderAsChild<Parent, Action: WorkflowAction>(
        in context: RenderContext<Parent>,
        key: String,
        outputMap: @escaping (Output) -> Action
    ) -> Rendering where Action.WorkflowType == Parent {
        WorkerWorkflow(worker: self)._renderAsChild(in: context, key: key, outputMap: outputMap)
    }
}

extension AsyncSequenceWorker {
    @preconcurrency @MainActor @inlinable
    public func _renderAsChild<Parent, Action: WorkflowAction>(
        in context: RenderContext<Parent>,
        key: String,
        outputMap: @escaping (Output) -> Action
    ) -> Rendering where Action.WorkflowType == Parent {
        AsyncSequenceWorkerWorkflow(worker: self)._renderAsChild(in: context, key: key, outputMap: outputMap)
    }
}
