import CustomDump
import Workflow

/// What a `RenderTester` render produced: the state after the actions it
/// applied, the action (a render test holds at most one) and the output.
///
/// Every check reports a failure to the running test, under XCTest or Swift
/// Testing, and returns the result so that checks chain:
///
/// ```swift
/// .render { screen in screen.onSave() }
/// .assert(action: Editor.Action.save)
/// .assert(state: .saving)
/// .assertNoOutput()
/// ```
public struct RenderTesterResult<WorkflowType: Workflow> {
    let initialState: WorkflowType.State
    let state: WorkflowType.State
    let appliedAction: AppliedAction<WorkflowType>?
    let output: WorkflowType.Output?

    init(
        initialState: WorkflowType.State,
        state: WorkflowType.State,
        appliedAction: AppliedAction<WorkflowType>?,
        output: WorkflowType.Output?
    ) {
        self.initialState = initialState
        self.state = state
        self.appliedAction = appliedAction
        self.output = output
    }

    /// Runs `assertions` on the state the render left.
    @discardableResult
    public func verifyState(
        file: StaticString = #file,
        line: UInt = #line,
        assertions: (WorkflowType.State) throws -> Void
    ) rethrows -> RenderTesterResult<WorkflowType> {
        try assertions(state)
        return self
    }

    /// Fails if the render applied an action.
    @discardableResult
    public func assertNoAction(
        file: StaticString = #file,
        line: UInt = #line
    ) -> RenderTesterResult<WorkflowType> {
        if let appliedAction {
            reportFailure("Expected no action, but got \(appliedAction.erasedAction).", file: file, line: line)
        }
        return self
    }

    /// Runs `assertions` on the action the render applied; fails if there
    /// was none, or if it is not an `ActionType`.
    @discardableResult
    public func verifyAction<ActionType: WorkflowAction>(
        type: ActionType.Type = ActionType.self,
        file: StaticString = #file,
        line: UInt = #line,
        assertions: (ActionType) throws -> Void
    ) rethrows -> RenderTesterResult<WorkflowType> where ActionType.WorkflowType == WorkflowType {
        guard let appliedAction else {
            reportFailure("No action was produced", file: file, line: line)
            return self
        }
        try appliedAction.verify(as: type, file: file, line: line, assertions: assertions)
        return self
    }

    /// Fails, with a diff, unless the render applied an action equal to
    /// `action`.
    @discardableResult
    public func assert<ActionType: WorkflowAction>(
        action: ActionType,
        file: StaticString = #file,
        fileID: StaticString = #fileID,
        line: UInt = #line,
        column: UInt = #column
    ) -> RenderTesterResult<WorkflowType> where ActionType.WorkflowType == WorkflowType, ActionType: Equatable {
        verifyAction(file: file, line: line) { (appliedAction: ActionType) in
            expectNoDifference(
                appliedAction,
                action,
                "Action (First) does not match the expected action (Second)",
                fileID: fileID,
                filePath: (file),
                line: line,
                column: column
            )
        }
    }

    /// Fails if the render produced an output.
    @discardableResult
    public func assertNoOutput(
        file: StaticString = #file,
        line: UInt = #line
    ) -> RenderTesterResult<WorkflowType> {
        if let output {
            reportFailure("Expected no output, but got \(output).", file: file, line: line)
        }
        return self
    }

    /// Runs `assertions` on the output the render produced; fails if there
    /// was none.
    @discardableResult
    public func verifyOutput(
        file: StaticString = #file,
        line: UInt = #line,
        assertions: (WorkflowType.Output) throws -> Void
    ) rethrows -> RenderTesterResult<WorkflowType> {
        guard let output else {
            reportFailure("No output was produced", file: file, line: line)
            return self
        }
        try assertions(output)
        return self
    }
}

extension RenderTesterResult where WorkflowType.State: Equatable {
    /// Fails, with a diff, unless the state the render left equals
    /// `expectedState`.
    @discardableResult
    public func assert(
        state expectedState: WorkflowType.State,
        file: StaticString = #file,
        fileID: StaticString = #fileID,
        line: UInt = #line,
        column: UInt = #column
    ) -> RenderTesterResult<WorkflowType> {
        expectNoDifference(
            state,
            expectedState,
            "State (First) does not match the expected state (Second)",
            fileID: fileID,
            filePath: (file),
            line: line,
            column: column
        )
        return self
    }

    /// Exhaustive state check: `modifications` receives the state the tester
    /// started from and changes it into the state the test expects; fails,
    /// with a diff, unless that equals the state the render left.
    @discardableResult
    public func assertStateModifications(
        file: StaticString = #file,
        fileID: StaticString = #fileID,
        line: UInt = #line,
        column: UInt = #column,
        _ modifications: (inout WorkflowType.State) throws -> Void
    ) rethrows -> RenderTesterResult<WorkflowType> {
        var expectedState = initialState
        try modifications(&expectedState)
        expectNoDifference(
            state,
            expectedState,
            "State (First) does not match the expected state (Second)",
            fileID: fileID,
            filePath: (file),
            line: line,
            column: column
        )
        return self
    }
}

extension RenderTesterResult where WorkflowType.Output: Equatable {
    /// Fails, with a diff, unless the render produced an output equal to
    /// `expectedOutput`.
    @discardableResult
    public func assert(
        output expectedOutput: WorkflowType.Output,
        file: StaticString = #file,
        fileID: StaticString = #fileID,
        line: UInt = #line,
        column: UInt = #column
    ) -> RenderTesterResult<WorkflowType> {
        verifyOutput(file: file, line: line) { output in
            expectNoDifference(
                output,
                expectedOutput,
                "Output (First) does not match the expected output (Second)",
                fileID: fileID,
                filePath: (file),
                line: line,
                column: column
            )
        }
    }
}
