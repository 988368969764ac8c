import Workflow

/// A parent that asks for the children its `requests` list, in order, each
/// in one of the ways a workflow can ask for a child. Its rendering lists
/// what each child rendered.
struct ChildAskingWorkflow: Workflow {
    enum Request {
        /// `GreetingChild(name:).rendered(in:key:outputMap:)`.
        case greeting(String, key: String = "")
        /// The same child through `asAnyWorkflow()`.
        case erasedGreeting(String, key: String = "")
        /// The same child through `mapOutput` and `mapRendering`.
        case mappedGreeting(String, key: String = "")
        /// The same child through `ignoringOutput()`.
        case quietGreeting(String, key: String = "")
        /// The same child through `asAnyWorkflow().ignoringOutput()`.
        case quietErasedGreeting(String, key: String = "")
        /// `HeartbeatChild(interval:).running(in:key:outputMap:)`.
        case heartbeat(Int, key: String = "")
        case ping(key: String = "")
        case pong(key: String = "")
    }

    var requests: [Request]

    struct State: Equatable {
        var log: [String] = []
    }

    typealias Output = String

    func makeInitialState() -> State {
        State()
    }

    enum Action: WorkflowAction, Equatable {
        typealias WorkflowType = ChildAskingWorkflow

        case greeted(String)
        case childFailed
        case beat(Int)

        func apply(toState state: inout State, context: ApplyContext<ChildAskingWorkflow>) -> String? {
            switch self {
            case let .greeted(name):
                state.log.append("greeted \(name)")
                return nil
            case .childFailed:
                state.log.append("child failed")
                return "gave up"
            case let .beat(count):
                state.log.append("beat \(count)")
                return nil
            }
        }
    }

    func render(state: State, context: RenderContext<ChildAskingWorkflow>) -> [String] {
        requests.map { request in
            switch request {
            case let .greeting(name, key):
                return GreetingChild(name: name).rendered(in: context, key: key, outputMap: Self.action(for:))
            case let .erasedGreeting(name, key):
                return GreetingChild(name: name).asAnyWorkflow().rendered(in: context, key: key, outputMap: Self.action(for:))
            case let .mappedGreeting(name, key):
                return GreetingChild(name: name)
                    .mapOutput(Self.action(for:))
                    .mapRendering { "mapped \($0)" }
                    .rendered(in: context, key: key)
            case let .quietGreeting(name, key):
                return GreetingChild(name: name).ignoringOutput().rendered(in: context, key: key)
            case let .quietErasedGreeting(name, key):
                return GreetingChild(name: name).asAnyWorkflow().ignoringOutput().rendered(in: context, key: key)
            case let .heartbeat(interval, key):
                HeartbeatChild(interval: interval).running(in: context, key: key) { Action.beat($0) }
                return "heartbeat"
            case let .ping(key):
                PingChild().rendered(in: context, key: key)
                return "ping"
            case let .pong(key):
                PongChild().rendered(in: context, key: key)
                return "pong"
            }
        }
    }

    private static func action(for output: GreetingChild.Output) -> Action {
        switch output {
        case let .greeted(name): .greeted(name)
        case .failed: .childFailed
        }
    }
}
