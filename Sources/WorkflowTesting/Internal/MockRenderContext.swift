import Workflow

/// The backend of the `RenderContext` a `RenderTester` renders with: it
/// answers child and side-effect requests from the test's expectations and
/// applies sent actions to the tester's state at once (rules T1-T7).
///
/// It outlives the render: sinks made during the render keep applying their
/// actions while the test's `assertions` closure runs (rule T5).
final class MockRenderContext<WorkflowType: Workflow>: RenderContextBackend {
    private(set) var state: WorkflowType.State
    private(set) var appliedAction: AppliedAction<WorkflowType>?
    private(set) var producedOutput: WorkflowType.Output?

    private let workflow: WorkflowType
    private var childExpectations: [ChildExpectation]
    private var sideEffectExpectations: [SideEffectExpectation<WorkflowType>]
    private var renderedChildren: Set<RenderedChild> = []
    /// Where the test called `render`: issues without an expectation of
    /// their own are reported there.
    private let file: StaticString
    private let line: UInt

    init(
        workflow: WorkflowType,
        state: WorkflowType.State,
        childExpectations: [ChildExpectation],
        sideEffectExpectations: [SideEffectExpectation<WorkflowType>],
        file: StaticString,
        line: UInt
    ) {
        self.workflow = workflow
        self.state = state
        self.childExpectations = childExpectations
        self.sideEffectExpectations = sideEffectExpectations
        self.file = file
        self.line = line
    }

    // MARK: RenderContextBackend

    func render<Child: Workflow, Action: WorkflowAction>(
        workflow child: Child,
        key: String,
        outputMap: @escaping (Child.Output) -> Action
    ) -> Child.Rendering where Action.WorkflowType == WorkflowType {
        guard let index = childExpectationIndex(Child.self, key: key) else {
            return renderUnexpectedChild(Child.self, key: key)
        }
        let expectation = childExpectations.remove(at: index).typed(as: Child.self)

        if !renderedChildren.insert(RenderedChild(type: ObjectIdentifier(Child.self), key: key)).inserted {
            reportFailure(
                "Multiple Workflows of type \(Child.self) with key \"\(MessageExcerpt.of(key))\" used in the same render call. Use a unique key to render multiple Workflows of the same type.",
                file: file,
                line: line
            )
        }

        if let output = expectation.output {
            apply(outputMap(output))
        }
        expectation.assertions(child)
        return expectation.rendering
    }

    func makeSink<Action: WorkflowAction>(of actionType: Action.Type) -> Sink<Action>
        where Action.WorkflowType == WorkflowType
    {
        Sink { [self] action in apply(action) }
    }

    func runSideEffect(key: AnyHashable, action: (Lifetime) -> Void) {
        guard let index = sideEffectExpectationIndex(key: key) else {
            reportFailure("Unexpected side-effect with key \"\(MessageExcerpt.of(key))\"", file: file, line: line)
            return
        }
        let expectation = sideEffectExpectations.remove(at: index)
        expectation.producedAction?(self)
    }

    // MARK: Checks

    /// Reports every expectation the render did not use (rule T7), each at
    /// the place the test declared it.
    func reportUnusedExpectations() {
        for expectation in childExpectations {
            reportFailure(
                "Expected child workflow of type: \(expectation.workflowType), key: \"\(MessageExcerpt.of(expectation.key))\"",
                file: expectation.file,
                line: expectation.line
            )
        }
        for expectation in sideEffectExpectations {
            reportFailure(
                "Expected side-effect with key: \"\(MessageExcerpt.of(expectation.key))\"",
                file: expectation.file,
                line: expectation.line
            )
        }
    }

    // MARK: Private

    /// Applies `action` to the tester's state now (rule T5); a render test
    /// holds one action and one output (rule T6).
    private func apply<Action: WorkflowAction>(_ action: Action) where Action.WorkflowType == WorkflowType {
        if appliedAction != nil {
            reportFailure("Received multiple actions in a single render test", file: file, line: line)
        }
        appliedAction = AppliedAction(action)

        let context = ApplyContext<WorkflowType>(backend: WorkflowValueReader(workflow: workflow))
        guard let output = action.apply(toState: &state, context: context) else { return }

        if producedOutput != nil {
            reportFailure("Received multiple outputs in a single render test", file: file, line: line)
        }
        producedOutput = output
    }

    /// Reports a child nobody expected (rule T2). A child whose rendering is
    /// `Void` can still be answered, so the test goes on; any other cannot.
    private func renderUnexpectedChild<Child: Workflow>(_ childType: Child.Type, key: String) -> Child.Rendering {
        let message = "Attempted to render unexpected Workflow of type \(Child.self) with key \"\(MessageExcerpt.of(key))\". \(hint(forUnexpected: Child.self, key: key))"
        reportFailure(message, file: file, line: line)

        if Child.Rendering.self == Void.self {
            return () as! Child.Rendering
        }
        fatalError("Unable to compose final Rendering. \(message)")
    }

    // The searches below are loops rather than `firstIndex(where:)`, `filter`
    // and `map`: a closure of this main-actor class passed to the standard
    // library gets an executor check in Swift 6 mode, which would stop a
    // Swift 5 test that renders off the main queue, as upstream's tester
    // lets it.

    private func childExpectationIndex<Child: Workflow>(_ childType: Child.Type, key: String) -> Int? {
        for index in childExpectations.indices where childExpectations[index].matches(childType, key: key) {
            return index
        }
        return nil
    }

    private func sideEffectExpectationIndex(key: AnyHashable) -> Int? {
        for index in sideEffectExpectations.indices where sideEffectExpectations[index].key == key {
            return index
        }
        return nil
    }

    /// What the test may have meant: an expectation of the same type under
    /// another key, or of another type under the same key.
    private func hint<Child: Workflow>(forUnexpected childType: Child.Type, key: String) -> String {
        var otherKeys: [String] = []
        var otherTypes: [Any.Type] = []
        for expectation in childExpectations {
            if ObjectIdentifier(expectation.workflowType) == ObjectIdentifier(childType) {
                otherKeys.append(expectation.key)
            }
            if expectation.key == key {
                otherTypes.append(expectation.workflowType)
            }
        }

        if otherKeys.count == 1 {
            return "Expecting key \"\(MessageExcerpt.of(otherKeys[0]))\"."
        } else if otherKeys.count > 1 {
            var excerpts: [String] = []
            for otherKey in otherKeys {
                excerpts.append(MessageExcerpt.of(otherKey))
            }
            return "Expecting key in \"\(excerpts)\"."
        } else if otherTypes.count == 1 {
            return "Found expectation of type \(otherTypes[0]) for key \"\(MessageExcerpt.of(key))\"."
        } else if otherTypes.count > 1 {
            return "Found expectations for types \(otherTypes) with key \"\(MessageExcerpt.of(key))\"."
        } else {
            return "If this child Workflow is expected, please add a call to `expectWorkflow(...)` with the appropriate parameters before invoking `render()`."
        }
    }

    private struct RenderedChild: Hashable {
        let type: ObjectIdentifier
        let key: String
    }
}
