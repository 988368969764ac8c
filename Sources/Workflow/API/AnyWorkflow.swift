/// A type-erased workflow. It adds no node (R2): as a child, the node has the
/// wrapped type and the parent's key; a root is a Void node over it (R3).
public struct AnyWorkflow<Rendering, Output> {
    @usableFromInline
    let storage: AnyStorage

    @inlinable
    init(storage: AnyStorage) {
        self.storage = storage
    }

    /// Wraps `workflow`; an `AnyWorkflow` is not wrapped twice.
    @inlinable
    public init<T: Workflow>(_ workflow: T) where T.Rendering == Rendering, T.Output == Output {
        if T.self == AnyWorkflow<Rendering, Output>.self {
            self = workflow as! AnyWorkflow<Rendering, Output>
        } else {
            self.init(storage: Storage<T>(workflow: workflow, renderingTransform: { $0 }, outputTransform: { $0 }))
        }
    }

    /// The wrapped workflow value.
    public var base: Any { storage.base }

    /// The wrapped workflow's concrete type.
    public var workflowType: Any.Type { storage.workflowType }
}

extension AnyWorkflow: Workflow {
    public typealias State = Void

    public func render(state: Void, context: RenderContext<AnyWorkflow<Rendering, Output>>) -> Rendering {
        storage.render(in: context, key: "") { AnyWorkflowAction(sendingOutput: $0) }
    }

    @inlinable
    public func asAnyWorkflow() -> AnyWorkflow<Rendering, Output> { self }

    /// The same workflow with its outputs transformed.
    @inlinable
    public func mapOutput<NewOutput>(_ transform: @escaping (Output) -> NewOutput) -> AnyWorkflow<Rendering, NewOutput> {
        AnyWorkflow<Rendering, NewOutput>(storage: storage.mapOutput(transform))
    }

    /// The same workflow with its rendering transformed.
    @inlinable
    public func mapRendering<NewRendering>(_ transform: @escaping (Rendering) -> NewRendering) -> AnyWorkflow<NewRendering, Output> {
        AnyWorkflow<NewRendering, Output>(storage: storage.mapRendering(transform))
    }
}

extension AnyWorkflow {
    /// The box: an abstract base whose one subclass knows the concrete type.
    @usableFromInline
    class AnyStorage {
        @usableFromInline
        init() {}

        var base: Any { fatalError("abstract") }

        var workflowType: Any.Type { fatalError("abstract") }

        @usableFromInline @MainActor
        func render<Parent, Action: WorkflowAction>(
            in context: RenderContext<Parent>,
            key: String,
            outputMap: @escaping (Output) -> Action
        ) -> Rendering where Action.WorkflowType == Parent {
            fatalError("abstract")
        }

        @usableFromInline
        func mapOutput<NewOutput>(_ transform: @escaping (Output) -> NewOutput) -> AnyWorkflow<Rendering, NewOutput>.AnyStorage {
            fatalError("abstract")
        }

        @usableFromInline
        func mapRendering<NewRendering>(_ transform: @escaping (Rendering) -> NewRendering) -> AnyWorkflow<NewRendering, Output>.AnyStorage {
            fatalError("abstract")
        }
    }

    @usableFromInline
    final class Storage<T: Workflow>: AnyStorage {
        @usableFromInline let workflow: T
        @usableFromInline let renderingTransform: (T.Rendering) -> Rendering
        @usableFromInline let outputTransform: (T.Output) -> Output

        @inlinable
        init(
            workflow: T,
            renderingTransform: @escaping (T.Rendering) -> Rendering,
            outputTransform: @escaping (T.Output) -> Output
        ) {
            self.workflow = workflow
            self.renderingTransform = renderingTransform
            self.outputTransform = outputTransform
        }

        override var base: Any { workflow }

        override var workflowType: Any.Type { T.self }

        @usableFromInline @MainActor
        override func render<Parent, Action: WorkflowAction>(
            in context: RenderContext<Parent>,
            key: String,
            outputMap: @escaping (Output) -> Action
        ) -> Rendering where Action.WorkflowType == Parent {
            let outputTransform = outputTransform
            let rendering = context.render(workflow: workflow, key: key, outputMap: { outputMap(outputTransform($0)) })
            return renderingTransform(rendering)
        }

        @usableFromInline
        override func mapOutput<NewOutput>(_ transform: @escaping (Output) -> NewOutput) -> AnyWorkflow<Rendering, NewOutput>.AnyStorage {
            let outputTransform = outputTransform
            return AnyWorkflow<Rendering, NewOutput>.Storage<T>(
                workflow: workflow,
                renderingTransform: renderingTransform,
                outputTransform: { transform(outputTransform($0)) }
            )
        }

        @usableFromInline
        override func mapRendering<NewRendering>(_ transform: @escaping (Rendering) -> NewRendering) -> AnyWorkflow<NewRendering, Output>.AnyStorage {
            let renderingTransform = renderingTransform
            return AnyWorkflow<NewRendering, Output>.Storage<T>(
                workflow: workflow,
                renderingTransform: { transform(renderingTransform($0)) },
                outputTransform: outputTransform
            )
        }
    }
}
