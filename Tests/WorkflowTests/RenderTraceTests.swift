import Foundation
import Testing
@_spi(WorkflowRuntimeConfig) import Workflow
@_spi(WorkflowRuntimeConfig) import WorkflowDiagnostics
@_spi(WorkflowRuntimeConfig) import WorkflowHostHarness
import WorkflowReference

// A sign-up form: the tree a keystroke should re-render only a path of.
//
//   Form ── Field[name], Field[email]   Equatable props, Int state
//        ├─ Badge[badge]                props hold a closure: not Equatable
//        └─ Notes[notes]                a String state: not compared (S1)

/// The root. `required` changes the fields' props; `fields` adds and
/// removes fields.
private struct Form: Workflow, Equatable {
    typealias Output = Never

    var fields = ["name", "email"]
    var required: Set<String> = []
    var withBadge = false
    var withNotes = false

    typealias State = Int  // submissions

    enum Action: WorkflowAction {
        typealias WorkflowType = Form
        case submitted(String)

        func apply(toState state: inout Int, context: ApplyContext<Form>) -> Never? {
            state += 1
            return nil
        }
    }

    struct Rendering {
        var text: String
        var fields: [String: Field.Rendering]
        var notes: Sink<Notes.Action>?
    }

    func makeInitialState() -> Int { 0 }

    func render(state: Int, context: RenderContext<Form>) -> Rendering {
        var rendered: [String: Field.Rendering] = [:]
        var texts: [String] = []
        for label in fields {
            let field = Field(label: label, required: required.contains(label))
                .rendered(in: context, key: label, outputMap: { Action.submitted($0) })
            rendered[label] = field
            texts.append(field.text)
        }
        if withBadge {
            texts.append(Badge(onTap: {}).rendered(in: context, key: "badge"))
        }
        let notes = withNotes ? Notes().rendered(in: context, key: "notes") : nil
        return Rendering(text: "\(state):" + texts.joined(separator: ","), fields: rendered, notes: notes)
    }

    static func == (lhs: Form, rhs: Form) -> Bool {
        lhs.fields == rhs.fields && lhs.required == rhs.required && lhs.withBadge == rhs.withBadge
            && lhs.withNotes == rhs.withNotes
    }
}

/// A text field: Equatable props, an Int state (a bit copy, compared).
private struct Field: Workflow, Equatable {
    typealias Output = String

    var label: String
    var required = false

    typealias State = Int  // characters typed

    enum Action: WorkflowAction {
        typealias WorkflowType = Field
        case type
        case noop
        case submit

        func apply(toState state: inout Int, context: ApplyContext<Field>) -> String? {
            switch self {
            case .type: state += 1; return nil
            case .noop: return nil
            case .submit: return context[workflowValue: \.label]
            }
        }
    }

    struct Rendering {
        var text: String
        var sink: Sink<Action>
    }

    func makeInitialState() -> Int { 0 }

    func render(state: Int, context: RenderContext<Field>) -> Rendering {
        RenderTraceTests.renders += 1
        return Rendering(text: "\(label)\(required ? "*" : ""):\(state)", sink: context.makeSink(of: Action.self))
    }
}

/// A badge whose props hold a closure: never equal to the last (S2).
private struct Badge: Workflow {
    var onTap: () -> Void
    typealias State = Void

    func render(state: Void, context: RenderContext<Badge>) -> String {
        RenderTraceTests.renders += 1
        return "badge"
    }
}

/// Notes whose state is a String: it holds references, so S1 does not
/// compare it and every action counts as a change.
private struct Notes: Workflow {
    typealias State = String

    enum Action: WorkflowAction {
        typealias WorkflowType = Notes
        case noop

        func apply(toState state: inout String, context: ApplyContext<Notes>) -> Never? { nil }
    }

    func makeInitialState() -> String { "" }

    func render(state: String, context: RenderContext<Notes>) -> Sink<Action> {
        RenderTraceTests.renders += 1
        return context.makeSink(of: Action.self)
    }
}

/// A parent whose only child is a class: a class never counts as
/// unchanged (S2), so the child renders whenever its parent does.
private struct Frame: Workflow, Equatable {
    var generation = 0
    typealias State = Void

    func render(state: Void, context: RenderContext<Frame>) -> String {
        Caption(text: "caption").rendered(in: context, key: "caption")
    }
}

private final class Caption: Workflow {
    let text: String
    init(text: String) { self.text = text }
    typealias State = Void

    func render(state: Void, context: RenderContext<Caption>) -> String { text }
}

@MainActor
@Suite("Render trace")
struct RenderTraceTests {
    /// `render` calls of the fixtures' leaves, for the comparison of traced
    /// and untraced hosts.
    nonisolated(unsafe) static var renders = 0

    private func fastHost(_ form: Form, trace: RenderTrace = RenderTrace(), skipping: Bool = true) -> WorkflowHost<Form> {
        Runtime.withConfiguration(override: { $0.renderSkipping = skipping }) {
            WorkflowHost(workflow: form, renderTrace: trace)
        }
    }

    private func type(into field: String, of host: WorkflowHost<Form>) {
        host.rendering.fields[field]!.sink.send(.type)
    }

    // MARK: Every reason, provoked and read back

    @Test("D1: the first render records every node as new, a parent before its children")
    func firstRenderIsNew() throws {
        let host = fastHost(Form())
        let pass = try #require(host.lastRenderPass)
        #expect(pass.trigger == .firstRender)
        #expect(pass.actions.isEmpty)
        #expect(pass.nodes.map(\.path) == ["Form", "Form/Field[name]", "Form/Field[email]"])
        #expect(pass.nodes.map(\.reason) == [.new, .new, .new])
        #expect(pass.nodes.map(\.depth) == [0, 1, 1])
        #expect(pass.nodes.map(\.key) == ["", "name", "email"])
        #expect(pass.nodes.allSatisfy { $0.workflowType == Form.self || $0.workflowType == Field.self })
    }

    @Test("D1, S1, S2: a keystroke re-renders its field (state changed) and the root (descendant changed); its sibling is skipped")
    func keystrokeRendersOnlyItsPath() throws {
        let host = fastHost(Form())
        type(into: "email", of: host)
        let pass = try #require(host.lastRenderPass)
        #expect(pass.trigger == .action)
        #expect(pass.reasons == [
            "Form": .descendantChanged,
            "Form/Field[name]": .cleanWithEqualProps,
            "Form/Field[email]": .stateChanged,
        ])
        #expect(pass.rendered.map(\.path) == ["Form", "Form/Field[email]"])
        #expect(pass.skipped.map(\.path) == ["Form/Field[name]"])
        // Visited in the order the parent asked, the skipped child first.
        #expect(pass.nodes.map(\.path) == ["Form", "Form/Field[name]", "Form/Field[email]"])
        #expect(pass.skipped.allSatisfy { $0.inclusiveDuration == .zero })
        #expect(host.rendering.text == "0:name:0,email:1")
    }

    @Test("D1, S2: a child whose props hold a closure renders whenever its parent does: props not Equatable")
    func propsNotEquatable() throws {
        let host = fastHost(Form(withBadge: true))
        type(into: "name", of: host)
        let pass = try #require(host.lastRenderPass)
        #expect(pass.reasons["Form/Badge[badge]"] == .propsNotEquatable)
        #expect(pass.reasons["Form/Field[email]"] == .cleanWithEqualProps)
        #expect(pass.reasons["Form/Field[name]"] == .stateChanged)
    }

    @Test("D1, S1: an action on a state that is not compared renders its node: state not compared")
    func stateNotCompared() throws {
        let host = fastHost(Form(withNotes: true))
        host.rendering.notes!.send(.noop)
        let pass = try #require(host.lastRenderPass)
        #expect(pass.reasons == [
            "Form": .descendantChanged,
            "Form/Field[name]": .cleanWithEqualProps,
            "Form/Field[email]": .cleanWithEqualProps,
            "Form/Notes[notes]": .stateNotCompared,
        ])
        #expect(pass.actions.map(\.stateChange) == [.notCompared])
    }

    @Test("D1, R19, S2: update(workflow:) renders the root (update) and the child whose props changed; equal props are skipped")
    func updateAndPropsChanged() throws {
        let host = fastHost(Form())
        host.update(workflow: Form(required: ["email"]))
        let pass = try #require(host.lastRenderPass)
        #expect(pass.trigger == .update)
        #expect(pass.reasons == [
            "Form": .hostUpdate,
            "Form/Field[name]": .cleanWithEqualProps,
            "Form/Field[email]": .propsChanged,
        ])
        #expect(host.rendering.text == "0:name:0,email*:0")
    }

    @Test("D1, R6: a child that starts in a later pass is new")
    func childAddedLaterIsNew() throws {
        let host = fastHost(Form())
        host.update(workflow: Form(fields: ["name", "email", "phone"]))
        let pass = try #require(host.lastRenderPass)
        #expect(pass.reasons["Form/Field[phone]"] == .new)
        #expect(pass.reasons["Form/Field[name]"] == .cleanWithEqualProps)
    }

    @Test("D1, S4: with render skipping off every node renders, for that reason, even the one whose state changed")
    func renderSkippingOff() throws {
        let host = fastHost(Form(), skipping: false)
        type(into: "email", of: host)
        let pass = try #require(host.lastRenderPass)
        #expect(pass.reasons == [
            "Form": .renderSkippingOff,
            "Form/Field[name]": .renderSkippingOff,
            "Form/Field[email]": .renderSkippingOff,
        ])
        host.update(workflow: Form(fields: ["name", "email", "phone"]))
        let update = try #require(host.lastRenderPass)
        #expect(update.nodes.map(\.reason) == [.hostUpdate, .renderSkippingOff, .renderSkippingOff, .new])
    }

    @Test("D1, R17: a cascade records the sending node, then each parent its output reached, with what it did to their state")
    func actionStepsClimbThroughOutputs() throws {
        let host = fastHost(Form())
        host.rendering.fields["email"]!.sink.send(.submit)
        let pass = try #require(host.lastRenderPass)
        #expect(pass.actions.map(\.path) == ["Form/Field[email]", "Form"])
        #expect(pass.actions.map(\.reachedByOutput) == [false, true])
        #expect(pass.actions.map(\.stateChange) == [.unchanged, .changed])
        #expect(pass.actions.map { "\($0.actionType)" } == ["Action", "Action"])
        #expect(pass.actions.map(\.workflowType).map { "\($0)" } == ["Field", "Form"])
        #expect(pass.reasons == [
            "Form": .stateChanged,
            "Form/Field[name]": .cleanWithEqualProps,
            "Form/Field[email]": .cleanWithEqualProps,
        ])
    }

    @Test("D1, S3: a cascade that changed no state records its action and no node")
    func noopCascadeVisitsNothing() throws {
        let host = fastHost(Form())
        host.rendering.fields["name"]!.sink.send(.noop)
        let pass = try #require(host.lastRenderPass)
        #expect(pass.trigger == .action)
        #expect(pass.actions.map(\.stateChange) == [.unchanged])
        #expect(pass.nodes.isEmpty)
    }

    @Test("D1, S2: a child that is a class renders whenever its parent does: props not Equatable")
    func classChildIsNotEquatable() throws {
        let host = WorkflowHost(workflow: Frame(), renderTrace: RenderTrace())
        host.update(workflow: Frame(generation: 1))
        let pass = try #require(host.lastRenderPass)
        #expect(pass.reasons == ["Frame": .hostUpdate, "Frame/Caption[caption]": .propsNotEquatable])
    }

    @Test("D1, S2: skipped and rendered children taken in turns come back in the order their parent asked for them")
    func interleavedChildrenKeepTheirOrder() throws {
        let labels = ["a", "b", "c", "d", "e"]
        let host = fastHost(Form(fields: labels))
        host.update(workflow: Form(fields: labels, required: ["b", "d"]))
        let pass = try #require(host.lastRenderPass)
        #expect(pass.nodes.map(\.path) == ["Form"] + labels.map { "Form/Field[\($0)]" })
        #expect(pass.nodes.map(\.reason) == [
            .hostUpdate, .cleanWithEqualProps, .propsChanged, .cleanWithEqualProps, .propsChanged, .cleanWithEqualProps,
        ])
        // Reordered, a child added in the middle: still the order asked.
        host.update(workflow: Form(fields: ["e", "a", "x", "b", "c"], required: ["a"]))
        let reordered = try #require(host.lastRenderPass)
        #expect(reordered.nodes.map(\.path) == ["Form"] + ["e", "a", "x", "b", "c"].map { "Form/Field[\($0)]" })
        #expect(reordered.nodes.map(\.reason) == [
            .hostUpdate, .cleanWithEqualProps, .propsChanged, .new, .propsChanged, .cleanWithEqualProps,
        ])
    }

    // MARK: Durations

    @Test("D1: a render's inclusive time holds its children's, and its self time is the rest")
    func durationsNest() throws {
        let host = fastHost(Form(withBadge: true, withNotes: true))
        let pass = try #require(host.lastRenderPass)
        let root = pass.nodes[0]
        let children = pass.nodes.dropFirst()
        #expect(children.allSatisfy { $0.depth == 1 && $0.inclusiveDuration > .zero })
        let childTime = children.reduce(Duration.zero) { $0 + $1.inclusiveDuration }
        #expect(root.inclusiveDuration == root.selfDuration + childTime)
        #expect(root.selfDuration > .zero)
        #expect(pass.duration > root.inclusiveDuration)
        #expect(pass.nodes.allSatisfy { $0.selfDuration <= $0.inclusiveDuration })
    }

    // MARK: Recording changes nothing

    @Test("D1: a traced fast host renders and skips exactly what an untraced one does", arguments: [true, false])
    func tracingChangesNothing(skipping: Bool) throws {
        func run(traced: Bool) -> (renders: Int, texts: [String]) {
            Self.renders = 0
            let form = Form(withBadge: true, withNotes: true)
            let host = Runtime.withConfiguration(override: {
                $0.renderSkipping = skipping
                $0.renderTrace = traced ? RenderTrace() : nil
            }) { WorkflowHost(workflow: form) }
            #expect((host.renderTrace != nil) == traced)
            var texts = [host.rendering.text]
            host.rendering.fields["name"]!.sink.send(.type)
            host.rendering.fields["email"]!.sink.send(.noop)
            host.rendering.notes!.send(.noop)
            host.rendering.fields["email"]!.sink.send(.submit)
            host.update(workflow: Form(required: ["name"], withBadge: true, withNotes: true))
            host.update(workflow: Form(fields: ["email"], withNotes: true))
            texts.append(host.rendering.text)
            return (Self.renders, texts)
        }
        let untraced = run(traced: false)
        let traced = run(traced: true)
        #expect(traced.renders == untraced.renders)
        #expect(traced.texts == untraced.texts)
    }

    @Test("D1: a host without a trace records nothing")
    func untracedHostHasNoPass() {
        let host = WorkflowHost(workflow: Form())
        type(into: "name", of: host)
        #expect(host.renderTrace == nil)
        #expect(host.lastRenderPass == nil)
    }

    @Test("D1: Runtime.Configuration.renderTrace traces every host made in its scope, each with its number")
    func configurationTracesHosts() throws {
        let trace = RenderTrace()
        let (first, second) = Runtime.withConfiguration(override: { $0.renderTrace = trace }) {
            (WorkflowHost(workflow: Form()), WorkflowHost(workflow: Form(fields: ["a"])))
        }
        #expect(first.renderTrace === trace && second.renderTrace === trace)
        type(into: "a", of: second)
        #expect(trace.passes.map(\.host) == [1, 2, 2])
        #expect(trace.passes.map(\.number) == [1, 2, 3])
        #expect(try #require(first.lastRenderPass).number == 1)
        #expect(trace.lastPass?.number == 3)
    }

    @Test("D1: a trace keeps its last passLimit passes")
    func passLimit() {
        let trace = RenderTrace(passLimit: 2)
        let host = fastHost(Form(), trace: trace)
        for _ in 0..<5 { type(into: "name", of: host) }
        #expect(trace.passes.map(\.number) == [5, 6])
        trace.removeAll()
        #expect(trace.passes.isEmpty)
        #expect(host.lastRenderPass?.number == 6)
    }

    // MARK: The reference host

    @Test("D1: the reference host records the same nodes and reasons as the fast host with skipping off")
    func referenceMatchesFastWithoutSkipping() throws {
        func passes(_ kind: RuntimeKind) -> [[String]] {
            let trace = RenderTrace()
            let host = TestHost(kind, Form(withBadge: true, withNotes: true)) { $0.renderTrace = trace }
            host.rendering.fields["name"]!.sink.send(.type)
            host.rendering.fields["email"]!.sink.send(.submit)
            host.rendering.notes!.send(.noop)
            host.update(workflow: Form(fields: ["email", "phone"], withNotes: true))
            #expect(host.lastRenderPass?.number == trace.lastPass?.number)
            return trace.passes.map { pass in
                ["\(pass.trigger)"] + pass.actions.map { "\($0.path) \($0.stateChange)" }
                    + pass.nodes.map { "\($0.path): \($0.reason)" }
            }
        }
        let reference = passes(.reference)
        #expect(reference.count == 5)
        #expect(reference == passes(.fastNoSkipping))
        #expect(!reference.joined().contains { $0.contains("skipped") })
        #expect(reference[4].contains("Form/Field[phone]: new"))
        #expect(reference[4].contains("Form: update(workflow:)"))
    }

    // MARK: Export

    @Test("D1: the Chrome trace parses, with render slices nested as the tree, skips as instants and a flow per cascade")
    func chromeTraceExport() throws {
        let trace = RenderTrace()
        let host = fastHost(Form(withBadge: true), trace: trace)
        type(into: "email", of: host)
        let data = Data(trace.chromeTraceJSON().utf8)
        let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let all = try #require(object["traceEvents"] as? [[String: Any]])
        func events(_ phase: String, _ category: String? = nil) -> [[String: Any]] {
            all.filter { $0["ph"] as? String == phase && (category == nil || $0["cat"] as? String == category) }
        }
        let renders = events("X", "render")
        let passes = events("X", "pass")
        #expect(passes.map { $0["name"] as? String } == ["first render of Form", "cascade: Action at Field[email]"])
        // First render: Form, 3 children; cascade: Form, Field[email], Badge[badge].
        #expect(renders.count == 7)
        let cascadeRoot = renders[4]
        let email = renders[5]
        #expect(cascadeRoot["name"] as? String == "Form")
        #expect((cascadeRoot["args"] as? [String: Any])?["reason"] as? String == "descendant changed")
        #expect(email["name"] as? String == "Field[email]")
        #expect((email["args"] as? [String: Any])?["path"] as? String == "Form/Field[email]")
        func span(_ event: [String: Any]) -> (Double, Double) {
            let ts = time(event)
            return (ts, ts + (event["dur"] as! Double))
        }
        func time(_ event: [String: Any]) -> Double { event["ts"] as! Double }
        // Nested: the child's slice lies inside its parent's, on the same track.
        #expect(span(cascadeRoot).0 < span(email).0 && span(email).1 < span(cascadeRoot).1)
        #expect(Set(all.compactMap { $0["tid"] as? Int }) == [1])
        let skips = events("i", "skip")
        #expect(skips.map { $0["name"] as? String } == ["Field[name]"])
        #expect((skips[0]["args"] as? [String: Any])?["reason"] as? String == "skipped: clean, equal props")
        let start = try #require(events("s").first)
        let finish = try #require(events("f").first)
        #expect(start["id"] as? Int == finish["id"] as? Int)
        // The arrow leaves the sending node's action and lands in its render.
        let action = try #require(events("X", "action").first)
        #expect(span(action).0 < time(start) && time(start) < span(action).1)
        #expect(span(email).0 < time(finish) && time(finish) < span(email).1)
        #expect(finish["bp"] as? String == "e")
    }

    @Test("D1: names in the Chrome trace are escaped as JSON strings")
    func chromeTraceEscapesKeys() throws {
        let key = "q\"b\\n\nt\t\u{1}é🙂"
        let trace = RenderTrace()
        _ = fastHost(Form(fields: [key]), trace: trace)
        let data = Data(trace.chromeTraceJSON().utf8)
        let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let names = (object["traceEvents"] as? [[String: Any]])?.compactMap { $0["name"] as? String } ?? []
        #expect(names.contains("Field[\(key)]"))
    }

    @Test("D1: the summary counts renders, skips and reasons per workflow type")
    func summary() throws {
        let trace = RenderTrace()
        let host = fastHost(Form(withBadge: true), trace: trace)
        type(into: "email", of: host)
        type(into: "email", of: host)
        let summary = trace.summary()
        #expect(summary.passes == 3)
        #expect(summary.passesByTrigger == [.firstRender: 1, .action: 2])
        let field = try #require(summary.rows.first { $0.name == "Field" })
        #expect(field.renders == 4)
        #expect(field.skips == 2)
        #expect(field.reasons.map(\.reason) == [.new, .stateChanged])
        #expect(field.reasons.map(\.count) == [2, 2])
        let badge = try #require(summary.rows.first { $0.name == "Badge" })
        #expect(badge.reasons.map(\.reason) == [.propsNotEquatable, .new])
        #expect(summary.renders == 4 + 3 + 3)
        #expect(zip(summary.rows, summary.rows.dropFirst()).allSatisfy { $0.selfDuration >= $1.selfDuration })
        let text = summary.description
        #expect(text.hasPrefix("Render trace: 3 passes (1 first render, 2 cascades), 10 renders, 2 skips"))
        #expect(text.contains("Field"))
        #expect(text.contains("props not Equatable 2, new 1"))
        #expect(summary.slowestPasses.count == 3)
        #expect(Set(summary.slowestPasses.map(\.title)) == ["first render of Form", "Action at Field[email]"])
    }
}
