import Workflow

/// A counter whose rendering hands out every kind of sink a workflow can
/// make, and whose actions read its `step` prop through the `ApplyContext`.
/// It can also send actions while it renders, which only the tester allows.
struct TapCounter: Workflow {
    var step: Int = 1
    var actionsSentDuringRender: [Action] = []

    typealias State = Int
    typealias Output = String

    func makeInitialState() -> Int {
        0
    }

    enum Action: WorkflowAction, Equatable {
        typealias WorkflowType = TapCounter

        case tap
        case finish(String)
        case noop(Int)

        func apply(toState state: inout Int, context: ApplyContext<TapCounter>) -> String? {
            switch self {
            case .tap:
                state += context[workflowValue: \.step]
                return nil
            case let .finish(reason):
                return "finished: \(reason)"
            case .noop:
                return nil
            }
        }
    }

    struct Screen {
        var count: Int
        var actions: Sink<Action>
        var outputs: Sink<String>
        var mutations: StateMutationSink<TapCounter>
        var closures: Sink<AnyWorkflowAction<TapCounter>>
    }

    func render(state: Int, context: RenderContext<TapCounter>) -> Screen {
        let actions = context.makeSink(of: Action.self)
        for action in actionsSentDuringRender {
            actions.send(action)
        }
        return Screen(
            count: state,
            actions: actions,
            outputs: context.makeOutputSink(),
            mutations: context.makeStateMutationSink(),
            closures: context.makeSink(of: AnyWorkflowAction<TapCounter>.self)
        )
    }
}
