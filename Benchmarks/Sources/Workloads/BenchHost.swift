import Workflow
import WorkflowReference

/// The members both hosts share, so that each workload's driver is written
/// once and specialised for each host (the drivers are generic over it, and
/// instantiated in this module, so nothing goes through an existential).
public protocol BenchHost<Root>: AnyObject {
    associatedtype Root: Workflow
    static func start(_ workflow: Root) -> Self
    var rendering: Root.Rendering { get }
    func update(workflow: Root)
}

extension WorkflowHost: BenchHost {
    public static func start(_ workflow: WorkflowType) -> WorkflowHost<WorkflowType> {
        WorkflowHost(workflow: workflow)
    }
}

extension ReferenceWorkflowHost: BenchHost {
    public static func start(_ workflow: WorkflowType) -> ReferenceWorkflowHost<WorkflowType> {
        ReferenceWorkflowHost(workflow: workflow)
    }
}
