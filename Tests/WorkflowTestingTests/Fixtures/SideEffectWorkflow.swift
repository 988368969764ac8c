import Testing
import Workflow

/// A key type of its own, to check that any `Hashable` key works.
struct LogUploadKey: Hashable {
    var batch: Int
}

/// A workflow that runs a side effect under each of its `keys`. The tester
/// never runs side-effect closures (T4), so each records an issue if it does.
struct SideEffectWorkflow: Workflow {
    var keys: [AnyHashable]

    typealias State = [String]
    typealias Output = Never

    func makeInitialState() -> [String] {
        []
    }

    enum Action: WorkflowAction, Equatable {
        typealias WorkflowType = SideEffectWorkflow

        case record(String)

        func apply(toState state: inout [String], context: ApplyContext<SideEffectWorkflow>) -> Never? {
            switch self {
            case let .record(event):
                state.append(event)
            }
            return nil
        }
    }

    func render(state: [String], context: RenderContext<SideEffectWorkflow>) -> Int {
        for key in keys {
            context.runSideEffect(key: key) { _ in
                Issue.record("a side-effect closure ran in a render test")
            }
        }
        return keys.count
    }
}
