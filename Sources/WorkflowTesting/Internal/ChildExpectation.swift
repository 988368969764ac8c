import Workflow

/// A child the render is expected to ask for: its concrete workflow type and
/// key, and where the test declared it. The typed subclass holds the mocks.
class ChildExpectation {
    let workflowType: Any.Type
    let key: String
    let file: StaticString
    let line: UInt

    fileprivate init(workflowType: Any.Type, key: String, file: StaticString, line: UInt) {
        self.workflowType = workflowType
        self.key = key
        self.file = file
        self.line = line
    }

    /// Whether this expectation is for the child (`Child`, `key`); the type
    /// must be exactly `Child` (rule T2).
    final func matches<Child: Workflow>(_ childType: Child.Type, key: String) -> Bool {
        ObjectIdentifier(workflowType) == ObjectIdentifier(childType) && self.key == key
    }

    /// This expectation with its mocks, once `matches(_:key:)` said yes.
    final func typed<Child: Workflow>(as childType: Child.Type) -> TypedChildExpectation<Child> {
        precondition(ObjectIdentifier(workflowType) == ObjectIdentifier(childType))
        return unsafeDowncast(self, to: TypedChildExpectation<Child>.self)
    }
}

/// The mocks of an expected child: the rendering returned in its place, the
/// output it emits during the render, and the checks run on its value.
final class TypedChildExpectation<Child: Workflow>: ChildExpectation {
    let rendering: Child.Rendering
    let output: Child.Output?
    let assertions: (Child) -> Void

    init(
        key: String,
        rendering: Child.Rendering,
        output: Child.Output?,
        assertions: @escaping (Child) -> Void,
        file: StaticString,
        line: UInt
    ) {
        self.rendering = rendering
        self.output = output
        self.assertions = assertions
        super.init(workflowType: Child.self, key: key, file: file, line: line)
    }
}
