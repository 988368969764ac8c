import Workflow

/// A workflow whose actions are tested alone, some of them reading its
/// props through the `ApplyContext`.
struct Thermostat: Workflow {
    var limit: Int = 30
    var unit: String? = "C"

    typealias State = Int

    enum Output: Equatable {
        case tooHot(Int)
        case reading(String)
    }

    func makeInitialState() -> Int {
        20
    }

    func render(state: Int, context: RenderContext<Thermostat>) -> Int {
        state
    }

    enum Action: WorkflowAction {
        typealias WorkflowType = Thermostat

        case warm(by: Int)
        case report
        case warmUpToLimit(by: Int)
        case describe

        func apply(toState state: inout Int, context: ApplyContext<Thermostat>) -> Output? {
            switch self {
            case let .warm(degrees):
                state += degrees
                return nil
            case .report:
                return .reading("\(state)")
            case let .warmUpToLimit(degrees):
                state += degrees
                let limit = context[workflowValue: \.limit]
                return state > limit ? .tooHot(state) : nil
            case .describe:
                let unit = context[workflowValue: \.unit]
                return .reading("\(state) \(unit ?? "no unit")")
            }
        }
    }
}
