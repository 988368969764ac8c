import IssueReporting
import Workflow

/// The `ApplyContext` backend of the testers (rule T8): reads come from the
/// workflow value the test gave. `RenderTester` always has one;
/// `WorkflowActionTester` has one only if the test passed `workflow:`.
///
/// Unlike a runtime node's context, the testers' contexts are not
/// invalidated when `apply` returns.
struct WorkflowValueReader<WorkflowType: Workflow>: ApplyContextBackend {
    let workflow: WorkflowType?

    subscript<Value>(workflowValue keyPath: KeyPath<WorkflowType, Value>) -> Value {
        if let workflow {
            return workflow[keyPath: keyPath]
        }
        let message = "Attempted to read value \(keyPath as AnyKeyPath), when applying an action, but no value was present. Pass an instance of the Workflow to the ActionTester to enable this functionality."
        // Without a workflow an Optional property can still be answered, so
        // the test fails but goes on; any other value cannot be made up.
        if let optionalType = Value.self as? any OptionalValue.Type {
            reportIssue(message)
            return optionalType.none as! Value
        }
        fatalError(message)
    }
}

/// Lets the reader make `nil` of an Optional type it knows only as `Value`.
private protocol OptionalValue {
    static var none: Self { get }
}

extension Optional: OptionalValue {}
