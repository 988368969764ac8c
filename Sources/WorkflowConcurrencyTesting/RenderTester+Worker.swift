import IssueReporting
import Workflow
import WorkflowConcurrency
import WorkflowTesting

extension RenderTester {
    /// Expects the render to run a worker equivalent to `worker` under `key`
    /// (rule T10).
    ///
    /// The worker does not run. If `output` is given, the worker "emits" it
    /// during the render, through the parent's real output mapping, and the
    /// resulting action is applied to the tester's state. A worker of the
    /// same type that is not `isEquivalent(to:)` `worker` fails the test; a
    /// worker that is not run, or one run under another key, fails it as a
    /// missing or unexpected child.
    ///
    /// ```swift
    /// ProfileWorkflow(userID: 7)
    ///     .renderTester()
    ///     .expectWorker(LoadUser(id: 7), mockingOutput: .stub)
    ///     .render { screen in ... }
    ///     .assert(state: .loaded(.stub))
    /// ```
    public func expectWorker<ExpectedWorkerType: Worker>(
        _ worker: ExpectedWorkerType,
        mockingOutput output: ExpectedWorkerType.Output? = nil,
        key: String = "",
        file: StaticString = #file, line: UInt = #line
    ) -> RenderTester<WorkflowType> {
        expectWorkflow(
            type: WorkerWorkflow<ExpectedWorkerType>.self,
            key: key,
            producingRendering: (),
            producingOutput: output,
            file: file,
            line: line,
            assertions: { workflow in
                guard !workflow.worker.isEquivalent(to: worker) else { return }
                reportIssue(
                    "Workers of type \(ExpectedWorkerType.self) not equivalent. Expected: \(worker). Got: \(workflow.worker)",
                    fileID: file,
                    filePath: (file),  // the test's #file as its path, on purpose
                    line: line,
                    column: 1
                )
            }
        )
    }

    /// The earlier spelling of `expectWorker(_:mockingOutput:key:file:line:)`.
    @available(*, deprecated, renamed: "expectWorker(_:mockingOutput:key:file:line:)")
    public func expect<ExpectedWorkerType: Worker>(
        worker: ExpectedWorkerType,
        producingOutput output: ExpectedWorkerType.Output? = nil,
        key: String = "",
        file: StaticString = #file, line: UInt = #line
    ) -> RenderTester<WorkflowType> {
        expectWorker(worker, mockingOutput: output, key: key, file: file, line: line)
    }
}
