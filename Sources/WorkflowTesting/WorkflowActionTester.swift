import CustomDump
import Workflow

extension WorkflowAction {
    /// A tester that applies actions of this type to `state`, without a
    /// runtime.
    ///
    /// - Parameters:
    ///   - state: The state before the first action.
    ///   - workflow: The workflow value that actions read through
    ///     `ApplyContext[workflowValue:]`. Without it, such a read fails the
    ///     test (returning `nil` for an Optional property) or, for a
    ///     non-Optional property, stops the test process.
    public static func tester(
        withState state: WorkflowType.State,
        workflow: WorkflowType? = nil
    ) -> WorkflowActionTester<WorkflowType, Self> {
        WorkflowActionTester(state: state, output: nil, workflow: workflow)
    }
}

/// Tests actions one at a time: send an action, then check the state and
/// output it left. Each `send(action:)` starts from the state the previous
/// one left.
///
/// ```swift
/// Editor.Action
///     .tester(withState: .editing("draft"))
///     .send(action: .save)
///     .assert(state: .saving("draft"))
///     .assertNoOutput()
/// ```
///
/// If the action reads the workflow's properties through its
/// `ApplyContext`, pass the workflow value:
///
/// ```swift
/// Editor.Action
///     .tester(withState: .editing("draft"), workflow: Editor(limit: 3))
///     .send(action: .save)
///     .assert(output: .tooLong)
/// ```
public struct WorkflowActionTester<WorkflowType, Action: WorkflowAction> where Action.WorkflowType == WorkflowType {
    /// The state after the last action sent.
    let state: WorkflowType.State
    /// The output of the last action sent, if it had one.
    let output: WorkflowType.Output?
    private let workflow: WorkflowType?

    fileprivate init(state: WorkflowType.State, output: WorkflowType.Output?, workflow: WorkflowType?) {
        self.state = state
        self.output = output
        self.workflow = workflow
    }

    /// Applies `action` to the current state.
    ///
    /// - Returns: A tester holding the new state and the action's output.
    @discardableResult
    @preconcurrency @MainActor
    public func send(action: Action) -> WorkflowActionTester<WorkflowType, Action> {
        var newState = state
        let context = ApplyContext<WorkflowType>(backend: WorkflowValueReader(workflow: workflow))
        let output = action.apply(toState: &newState, context: context)
        return WorkflowActionTester(state: newState, output: output, workflow: workflow)
    }

    /// Fails if the last action produced an output.
    @discardableResult
    public func assertNoOutput(
        file: StaticString = #file,
        line: UInt = #line
    ) -> WorkflowActionTester<WorkflowType, Action> {
        if let output {
            reportFailure("Expected no output, but got \(output).", file: file, line: line)
        }
        return self
    }

    /// Runs `assertions` on the last action's output; fails, without running
    /// it, if there was none.
    @discardableResult
    public func verifyOutput(
        file: StaticString = #file,
        line: UInt = #line,
        _ assertions: (WorkflowType.Output) throws -> Void
    ) rethrows -> WorkflowActionTester<WorkflowType, Action> {
        guard let output else {
            reportFailure("No output was produced", file: file, line: line)
            return self
        }
        try assertions(output)
        return self
    }

    /// Runs `assertions` on the current state.
    @discardableResult
    public func verifyState(
        _ assertions: (WorkflowType.State) throws -> Void
    ) rethrows -> WorkflowActionTester<WorkflowType, Action> {
        try assertions(state)
        return self
    }
}

extension WorkflowActionTester where WorkflowType.State: Equatable {
    /// Fails, with a diff, unless the current state equals `expectedState`.
    @discardableResult
    public func assert(
        state expectedState: WorkflowType.State,
        file: StaticString = #file,
        line: UInt = #line
    ) -> WorkflowActionTester<WorkflowType, Action> {
        expectNoDifference(state, expectedState, fileID: file, filePath: (file), line: line, column: 1)
        return self
    }
}

extension WorkflowActionTester where WorkflowType.Output: Equatable {
    /// Fails, with a diff, unless the last action produced an output equal
    /// to `expectedOutput`.
    @discardableResult
    public func assert(
        output expectedOutput: WorkflowType.Output,
        file: StaticString = #file,
        line: UInt = #line
    ) -> WorkflowActionTester<WorkflowType, Action> {
        verifyOutput(file: file, line: line) { output in
            expectNoDifference(output, expectedOutput, fileID: file, filePath: (file), line: line, column: 1)
        }
    }
}
