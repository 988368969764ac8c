import Testing
import WorkflowHostHarness

/// Names the runtime in test results as `fast`, not `.fast`.
extension RuntimeKind: CustomTestStringConvertible {
    public var testDescription: String { rawValue }
}
