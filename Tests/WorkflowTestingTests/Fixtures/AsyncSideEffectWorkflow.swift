import Testing
import Workflow

/// Runs an async side effect (R26) under each of its `keys`. The tester
/// never starts side effects (T4): the action records an issue if it runs.
struct AsyncSideEffectWorkflow: Workflow {
    var keys: [String]

    typealias State = Void

    func render(state: Void, context: RenderContext<AsyncSideEffectWorkflow>) -> Int {
        for key in keys {
            context.runSideEffect(key: key) {
                Issue.record("an async side-effect action ran in a render test")
            }
        }
        return keys.count
    }
}
