import Workflow

/// The figures of one step of the session.
public struct StepReport {
    public var title: String
    public var duration: Duration
    /// Workflows whose `render` ran during the step.
    public var renderCount: Int
    /// The same, by workflow type.
    public var renderBreakdown: String
    /// The screen after the step.
    public var screen: String
}

/// A user's session, always the same: start, wait for the mailbox, scroll,
/// search, open a message, star it, go back, star and delete rows in the
/// list, clear the search.
@MainActor
public enum ScriptedSession {
    /// Runs the session on the host `makeHost` returns for the observers it
    /// is given, and hands each step's report to `onStep` as it finishes.
    public static func run<Host: InboxHosting>(
        makeHost: ([WorkflowObserver]) -> Host,
        onStep: (StepReport) -> Void
    ) async {
        let counter = RenderCounter()
        let clock = ContinuousClock()

        func report(_ title: String, since start: ContinuousClock.Instant, host: Host) {
            onStep(StepReport(
                title: title,
                duration: start.duration(to: clock.now),
                renderCount: counter.total,
                renderBreakdown: counter.breakdown,
                screen: host.rendering.summary
            ))
            counter.reset()
        }

        var start = clock.now
        let host = makeHost([counter])
        report("start the app", since: start, host: host)

        start = clock.now
        if host.rendering.list == nil {
            for await screen in host.renderings where screen.list != nil { break }
        }
        report("the mailbox arrives", since: start, host: host)

        let steps: [(title: String, perform: (InboxScreen) -> Void)] = [
            ("scroll to row 2000", { $0.list?.onScroll(2000) }),
            ("type \"i\"", { $0.search.onTextChanged("i") }),
            ("type \"n\"", { $0.search.onTextChanged("in") }),
            ("type \"v\"", { $0.search.onTextChanged("inv") }),
            ("tap the first row", { $0.list?.rows.first?.onTap() }),
            ("star the message", { $0.detail?.onStar() }),
            ("go back", { $0.detail?.onBack() }),
            ("star the second row", { $0.list?.rows.dropFirst().first?.onStar() }),
            ("delete the third row", { $0.list?.rows.dropFirst(2).first?.onDelete() }),
            ("clear the search", { $0.search.onTextChanged("") }),
        ]
        for step in steps {
            start = clock.now
            step.perform(host.rendering)
            report(step.title, since: start, host: host)
        }
    }
}
