import Testing
import Workflow
import WorkflowHostHarness

// The email browser of the Workflow tutorial, end to end: an inbox, a
// message view, and a browser that keeps the selection and renders both
// side by side.

struct Email: Equatable {
    var sender: String
    var subject: String
    var body: String
}

// MARK: Inbox

struct InboxScreen {
    var rows: [String]
    /// Selects the row at an index.
    var select: Sink<Int>
}

/// Lists the messages; its output is the index of the row the user selected.
struct InboxWorkflow: Workflow, Equatable {
    typealias State = Void
    typealias Output = Int

    var messages: [Email]

    func render(state: Void, context: RenderContext<InboxWorkflow>) -> InboxScreen {
        record("InboxWorkflow render")
        return InboxScreen(
            rows: messages.map { "\($0.sender): \($0.subject)" },
            select: context.makeOutputSink()
        )
    }
}

// MARK: Message

struct MessageScreen: Equatable {
    var title: String
    var body: String
}

/// Shows one message.
struct MessageWorkflow: Workflow, Equatable {
    typealias State = Void

    var message: Email

    func render(state: Void, context: RenderContext<MessageWorkflow>) -> MessageScreen {
        record("MessageWorkflow render")
        return MessageScreen(title: "\(message.subject) (from \(message.sender))", body: message.body)
    }
}

// MARK: Browser

struct SplitScreen: CustomStringConvertible {
    var inbox: InboxScreen
    var message: MessageScreen?

    var description: String {
        let right = message.map { "\($0.title): \($0.body)" } ?? "nothing selected"
        return "[\(inbox.rows.joined(separator: " | "))] || \(right)"
    }
}

/// Keeps the selected index; renders the inbox and, when a row is selected,
/// the selected message.
struct EmailBrowserWorkflow: Workflow, Equatable {
    var messages: [Email]

    struct State: Equatable {
        var selection: Int?
    }

    func makeInitialState() -> State {
        State(selection: nil)
    }

    func workflowDidChange(from previousWorkflow: EmailBrowserWorkflow, state: inout State) {
        record("EmailBrowserWorkflow change")
        if let selection = state.selection, selection >= messages.count {
            state.selection = nil
        }
    }

    func render(state: State, context: RenderContext<EmailBrowserWorkflow>) -> SplitScreen {
        record("EmailBrowserWorkflow render")
        let inbox = InboxWorkflow(messages: messages)
            .rendered(in: context, key: "inbox", outputMap: { SelectMessage(index: $0) })
        let message = state.selection.map {
            MessageWorkflow(message: messages[$0]).rendered(in: context, key: "message")
        }
        return SplitScreen(inbox: inbox, message: message)
    }
}

struct SelectMessage: WorkflowAction {
    typealias WorkflowType = EmailBrowserWorkflow
    var index: Int

    func apply(toState state: inout EmailBrowserWorkflow.State, context: ApplyContext<EmailBrowserWorkflow>) -> Never? {
        state.selection = index < context[workflowValue: \.messages].count ? index : nil
        return nil
    }
}

// MARK: Data

private let lunch = Email(sender: "Ada", subject: "Lunch?", body: "Noon at the usual place.")
private let review = Email(sender: "Grace", subject: "Code review", body: "Left two comments.")
private let launch = Email(sender: "Linus", subject: "Launch", body: "Shipping Friday.")
private let memo = Email(sender: "Barbara", subject: "Memo", body: "Please read.")

/// The browser driven through selections and prop updates: the description
/// of the rendering after each step, the node lifecycle, and the render count.
private struct BrowserTrace: Equatable {
    var screens: [String] = []
    var lifecycle: [String] = []
    var renderCount = 0
}

@MainActor
private func driveBrowser(_ kind: RuntimeKind) -> BrowserTrace {
    let log = EventLog.begin()
    let observer = RecordingObserver(log: log)
    let host = TestHost(kind, EmailBrowserWorkflow(messages: [lunch, review]), observers: [observer])
    var trace = BrowserTrace()
    let firstInbox = host.rendering.inbox
    let steps: [() -> Void] = [
        { host.rendering.inbox.select.send(1) },
        { host.rendering.inbox.select.send(0) },
        { host.rendering.inbox.select.send(0) },
        { host.update(workflow: EmailBrowserWorkflow(messages: [lunch, review, launch])) },
        { firstInbox.select.send(2) },
        { host.update(workflow: EmailBrowserWorkflow(messages: [memo, lunch, review, launch])) },
        { host.update(workflow: EmailBrowserWorkflow(messages: [memo, lunch])) },
        { host.rendering.inbox.select.send(7) },
        { host.rendering.inbox.select.send(1) },
    ]
    trace.screens.append(host.rendering.description)
    for step in steps {
        step()
        trace.screens.append(host.rendering.description)
    }
    trace.lifecycle = log.entries.filter { $0.hasPrefix("begin ") || $0.hasPrefix("end ") }
    trace.renderCount = renders(in: log).count
    return trace
}

@MainActor
@Suite("Email browser")
struct EmailBrowserTests {
    @Test("Email browser: selecting rows shows the message; prop updates keep or clear the selection (R7, R9, R17)", arguments: RuntimeKind.allCases)
    func selectionAndUpdates(kind: RuntimeKind) {
        let trace = driveBrowser(kind)
        let list2 = "[Ada: Lunch? | Grace: Code review]"
        let list3 = "[Ada: Lunch? | Grace: Code review | Linus: Launch]"
        let list4 = "[Barbara: Memo | Ada: Lunch? | Grace: Code review | Linus: Launch]"
        let listShort = "[Barbara: Memo | Ada: Lunch?]"
        #expect(trace.screens == [
            "\(list2) || nothing selected",
            "\(list2) || Code review (from Grace): Left two comments.",
            "\(list2) || Lunch? (from Ada): Noon at the usual place.",
            "\(list2) || Lunch? (from Ada): Noon at the usual place.",
            "\(list3) || Lunch? (from Ada): Noon at the usual place.",
            "\(list3) || Launch (from Linus): Shipping Friday.",
            // The selection is an index: the same row now holds another message.
            "\(list4) || Code review (from Grace): Left two comments.",
            // workflowDidChange clears a selection past the end.
            "\(listShort) || nothing selected",
            "\(listShort) || nothing selected",
            "\(listShort) || Lunch? (from Ada): Noon at the usual place.",
        ])
        #expect(trace.lifecycle == [
            "begin EmailBrowserWorkflow",
            "begin InboxWorkflow inbox",
            "begin MessageWorkflow message",
            "end MessageWorkflow message",
            "begin MessageWorkflow message",
        ])
    }

    @Test("Email browser, S4: every runtime shows the reference's screens and lifecycles, with no more renders", arguments: RuntimeKind.allCases)
    func sameAsReference(kind: RuntimeKind) {
        let trace = driveBrowser(kind)
        let reference = driveBrowser(.reference)
        #expect(trace.screens == reference.screens)
        #expect(trace.lifecycle == reference.lifecycle)
        #expect(trace.renderCount <= reference.renderCount)
        #expect((trace.renderCount == reference.renderCount) == !kind.skipsRenders)
    }

    @Test("Email browser, S2, S3: a selection re-renders the browser and the message, not the unchanged inbox; reselecting renders nothing but publishes", arguments: RuntimeKind.allCases)
    func selectionRenders(kind: RuntimeKind) {
        let log = EventLog.begin()
        let host = TestHost(kind, EmailBrowserWorkflow(messages: [lunch, review]))
        host.recordRenderings()
        #expect(renders(in: log) == ["EmailBrowserWorkflow render", "InboxWorkflow render"])

        log.clear()
        host.rendering.inbox.select.send(0)
        host.rendering.inbox.select.send(1)
        host.rendering.inbox.select.send(1)
        #expect(host.rendering.message?.title == "Code review (from Grace)")
        if kind.skipsRenders {
            #expect(renders(in: log) == [
                "EmailBrowserWorkflow render", "MessageWorkflow render",
                "EmailBrowserWorkflow render", "MessageWorkflow render",
            ])
        } else {
            #expect(renders(in: log) == [
                "EmailBrowserWorkflow render", "InboxWorkflow render", "MessageWorkflow render",
                "EmailBrowserWorkflow render", "InboxWorkflow render", "MessageWorkflow render",
                "EmailBrowserWorkflow render", "InboxWorkflow render", "MessageWorkflow render",
            ])
        }
        #expect(host.publishedRenderings.map { $0.message?.title } == [
            "Lunch? (from Ada)", "Code review (from Grace)", "Code review (from Grace)",
        ])
    }

    @Test("Email browser, R13: the inbox's select sink from the first screen keeps working", arguments: RuntimeKind.allCases)
    func firstScreenSinkKeepsWorking(kind: RuntimeKind) {
        _ = EventLog.begin()
        let host = TestHost(kind, EmailBrowserWorkflow(messages: [lunch, review, launch]))
        let first = host.rendering
        first.inbox.select.send(2)
        #expect(host.rendering.message?.body == "Shipping Friday.")
        first.inbox.select.send(0)
        #expect(host.rendering.message?.body == "Noon at the usual place.")
        #expect(first.message == nil)
        host.update(workflow: EmailBrowserWorkflow(messages: [review, launch]))
        first.inbox.select.send(1)
        #expect(host.rendering.message?.body == "Shipping Friday.")
    }
}
