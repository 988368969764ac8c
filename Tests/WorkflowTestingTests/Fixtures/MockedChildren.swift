import Testing
import Workflow

// Children that a render test expects. None of them may render: the tester
// returns the expectation's rendering instead (T1), so each records an issue
// if its `render` ever runs.

/// A child with a rendering and outputs.
struct GreetingChild: Workflow {
    var name: String

    typealias State = Void

    enum Output: Equatable {
        case greeted(String)
        case failed
    }

    func render(state: Void, context: RenderContext<GreetingChild>) -> String {
        Issue.record("GreetingChild.render ran in a render test")
        return "real greeting for \(name)"
    }
}

/// A child whose rendering is `Void`, so the tester can answer it even when
/// nobody expected it (T2).
struct HeartbeatChild: Workflow {
    var interval: Int = 1

    typealias State = Void
    typealias Output = Int

    func render(state: Void, context: RenderContext<HeartbeatChild>) {
        Issue.record("HeartbeatChild.render ran in a render test")
    }
}

/// Another `Void`-rendering child, to tell types apart under one key.
struct PingChild: Workflow {
    typealias State = Void
    typealias Output = Never

    func render(state: Void, context: RenderContext<PingChild>) {
        Issue.record("PingChild.render ran in a render test")
    }
}

/// A third `Void`-rendering child.
struct PongChild: Workflow {
    typealias State = Void
    typealias Output = Never

    func render(state: Void, context: RenderContext<PongChild>) {
        Issue.record("PongChild.render ran in a render test")
    }
}
