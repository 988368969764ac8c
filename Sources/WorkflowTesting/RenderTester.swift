import Workflow

extension Workflow {
    /// A tester that renders this workflow once, from `initialState`.
    @preconcurrency @MainActor
    public func renderTester(initialState: State) -> RenderTester<Self> {
        RenderTester(workflow: self, state: initialState)
    }

    /// A tester that renders this workflow once, from the state
    /// `makeInitialState()` returns.
    @preconcurrency @MainActor
    public func renderTester() -> RenderTester<Self> {
        renderTester(initialState: makeInitialState())
    }
}

/// Tests one call to a workflow's `render`, without a runtime.
///
/// Declare the children and side effects the render should ask for, then
/// call `render(assertions:)`. The workflow's `render` runs once, against
/// mocks (rule T1): children are not rendered, each returns the rendering
/// its expectation gives; side-effect closures never run. Anything asked for
/// but not expected, or expected but not asked for, fails the test. Sinks
/// apply their actions to the tester's state at once, so the returned
/// `RenderTesterResult` can check the state, the action and the output that
/// the render (or the `assertions` closure) produced.
///
/// ```swift
/// Search(query: "cat")
///     .renderTester(initialState: .loading)
///     .expectWorkflow(
///         type: ResultsLoader.self,
///         key: "cat",
///         producingRendering: (),
///         producingOutput: .loaded(["tabby"])
///     )
///     .expectSideEffect(key: "analytics")
///     .render { screen in
///         XCTAssertEqual(screen.title, "Results for cat")
///     }
///     .assert(state: .loaded(["tabby"]))
///     .assertNoOutput()
/// ```
///
/// A tester is an immutable value: each `expect…` returns a new tester.
public struct RenderTester<WorkflowType: Workflow> {
    let workflow: WorkflowType
    let state: WorkflowType.State
    private let childExpectations: [ChildExpectation]
    private let sideEffectExpectations: [SideEffectExpectation<WorkflowType>]

    init(
        workflow: WorkflowType,
        state: WorkflowType.State,
        childExpectations: [ChildExpectation] = [],
        sideEffectExpectations: [SideEffectExpectation<WorkflowType>] = []
    ) {
        self.workflow = workflow
        self.state = state
        self.childExpectations = childExpectations
        self.sideEffectExpectations = sideEffectExpectations
    }

    /// Expects the render to ask for one child of type `type` under `key`.
    ///
    /// The child is not rendered: `rendering` is returned in its place. If
    /// `output` is given, the child "emits" it during the render, through the
    /// parent's real output mapping, and the resulting action is applied to
    /// the tester's state (rule T3). `assertions` receives the child
    /// workflow value the parent asked for, to check its properties.
    ///
    /// The type must be the child's concrete type: a child rendered through
    /// `AnyWorkflow`, `mapOutput` or `mapRendering` is expected as the
    /// workflow it wraps.
    public func expectWorkflow<ExpectedWorkflowType: Workflow>(
        type: ExpectedWorkflowType.Type,
        key: String = "",
        producingRendering rendering: ExpectedWorkflowType.Rendering,
        producingOutput output: ExpectedWorkflowType.Output? = nil,
        file: StaticString = #file, line: UInt = #line,
        assertions: @escaping (ExpectedWorkflowType) -> Void = { _ in }
    ) -> RenderTester<WorkflowType> {
        let expectation = TypedChildExpectation<ExpectedWorkflowType>(
            key: key,
            rendering: rendering,
            output: output,
            assertions: assertions,
            file: file,
            line: line
        )
        return RenderTester(
            workflow: workflow,
            state: state,
            childExpectations: childExpectations + [expectation],
            sideEffectExpectations: sideEffectExpectations
        )
    }

    /// Expects the render to ask for a child of type `type` under `key`
    /// whose output is ignored with `ignoringOutput()`.
    ///
    /// `rendering` is returned in the child's place; `assertions` receives
    /// the child workflow value (not its output-ignoring wrapper).
    public func expectWorkflowIgnoringOutput<ExpectedWorkflowType: Workflow>(
        type: ExpectedWorkflowType.Type,
        key: String = "",
        producingRendering rendering: ExpectedWorkflowType.Rendering,
        file: StaticString = #file,
        line: UInt = #line,
        assertions: @escaping (ExpectedWorkflowType) -> Void = { _ in }
    ) -> RenderTester<WorkflowType> {
        expectWorkflow(
            type: OutputBlockingWorkflow<ExpectedWorkflowType>.self,
            key: key,
            producingRendering: rendering,
            file: file,
            line: line,
            assertions: { assertions($0.child) }
        )
    }

    /// Expects the render to run a side effect under `key`. Its closure is
    /// not run (rule T4). Expecting a key again replaces the earlier
    /// expectation.
    public func expectSideEffect(
        key: AnyHashable,
        file: StaticString = #file, line: UInt = #line
    ) -> RenderTester<WorkflowType> {
        adding(SideEffectExpectation(key: key, file: file, line: line, producedAction: nil))
    }

    /// Expects the render to run a side effect under `key`, and stands in
    /// for it by sending `action` to the workflow when the render asks for
    /// it. The action is applied to the tester's state at once.
    @preconcurrency @MainActor
    public func expectSideEffect<ActionType: WorkflowAction>(
        key: AnyHashable,
        producingAction action: ActionType,
        file: StaticString = #file, line: UInt = #line
    ) -> RenderTester<WorkflowType> where ActionType.WorkflowType == WorkflowType {
        adding(SideEffectExpectation(key: key, file: file, line: line) { context in
            context.makeSink(of: ActionType.self).send(action)
        })
    }

    /// Renders the workflow once and checks the expectations.
    ///
    /// `assertions` receives the rendering. It may also call the rendering's
    /// callbacks: sinks apply their actions to the tester's state at once.
    /// Expectations the render did not use are reported before
    /// `assertions` runs.
    ///
    /// - Returns: The state, action and output the test produced, to check
    ///   further.
    @discardableResult
    @preconcurrency @MainActor
    public func render(
        file: StaticString = #file, line: UInt = #line,
        assertions: (WorkflowType.Rendering) throws -> Void
    ) rethrows -> RenderTesterResult<WorkflowType> {
        let mock = MockRenderContext(
            workflow: workflow,
            state: state,
            childExpectations: childExpectations,
            sideEffectExpectations: sideEffectExpectations,
            file: file,
            line: line
        )
        let rendering = workflow.render(state: state, context: RenderContext(backend: mock))
        mock.reportUnusedExpectations()

        try assertions(rendering)

        return RenderTesterResult(
            initialState: state,
            state: mock.state,
            appliedAction: mock.appliedAction,
            output: mock.producedOutput
        )
    }

    private func adding(_ expectation: SideEffectExpectation<WorkflowType>) -> RenderTester<WorkflowType> {
        var sideEffectExpectations = sideEffectExpectations
        if let index = sideEffectExpectations.firstIndex(where: { $0.key == expectation.key }) {
            sideEffectExpectations[index] = expectation
        } else {
            sideEffectExpectations.append(expectation)
        }
        return RenderTester(
            workflow: workflow,
            state: state,
            childExpectations: childExpectations,
            sideEffectExpectations: sideEffectExpectations
        )
    }
}
