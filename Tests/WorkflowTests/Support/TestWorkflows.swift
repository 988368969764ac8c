import Foundation
import Workflow

// Workflows shared by several topics. Each writes what it does to
// `EventLog.current`: "N init" (makeInitialState), "N change" (its
// workflowDidChange) and "N render" (its render), so that they never collide
// with the observer's entries ("render Type key", ...).

// MARK: - Node

/// A configurable tree: each node has a name (also its key), a list of
/// children, a counter state and a sink of `NodeAction`. Its rendering is a
/// text such as `A:0(B:1,C:0[x])` and a table of every sink of its subtree
/// by node name. Equatable, with an Equatable state: the fast runtime may
/// skip it (S2).
struct Node: Workflow, Equatable {
    typealias Output = String

    var name: String
    var children: [Node] = []
    /// A prop that only changes the workflow value (and the rendering text).
    var props: Int = 0
    /// Whether an output heard from a child is passed on to the parent.
    var forwards: Bool = true

    init(_ name: String, props: Int = 0, forwards: Bool = true, _ children: [Node] = []) {
        self.name = name
        self.props = props
        self.forwards = forwards
        self.children = children
    }

    /// A bit copy (no references), so S1 compares it with `==`.
    struct State: Equatable, CustomStringConvertible {
        var count = 0
        var heard = HeardTexts()

        var description: String {
            heard.isEmpty ? "count=\(count)" : "count=\(count) heard=\(heard.joined(separator: ","))"
        }
    }

    struct Rendering {
        var text: String
        var sinks: [String: Sink<NodeAction>]

        func send(_ action: NodeAction, to name: String) {
            guard let sink = sinks[name] else { fatalError("no sink for node \(name) in \(text)") }
            sink.send(action)
        }
    }

    func makeInitialState() -> State {
        record("\(name) init")
        return State()
    }

    func workflowDidChange(from previousWorkflow: Node, state: inout State) {
        record("\(name) change \(previousWorkflow.props)->\(props)")
    }

    func render(state: State, context: RenderContext<Node>) -> Rendering {
        record("\(name) render")
        var sinks = [name: context.makeSink(of: NodeAction.self)]
        var parts: [String] = []
        for child in children {
            let rendering = child.rendered(in: context, key: child.name, outputMap: { NodeAction.heard($0) })
            parts.append(rendering.text)
            sinks.merge(rendering.sinks) { first, _ in first }
        }
        var text = "\(name):\(state.count)"
        if props != 0 { text += "p\(props)" }
        if !state.heard.isEmpty { text += "[\(state.heard.joined(separator: ","))]" }
        if !parts.isEmpty { text += "(\(parts.joined(separator: ",")))" }
        return Rendering(text: text, sinks: sinks)
    }
}

enum NodeAction: WorkflowAction, CustomStringConvertible {
    typealias WorkflowType = Node

    /// count += 1
    case increment
    /// changes nothing, no output
    case noop
    /// count = n (no change when equal)
    case setCount(Int)
    /// no state change, outputs the text
    case emit(String)
    /// count += 1 and outputs the text
    case incrementAndEmit(String)
    /// a child's output: appended to `heard`, passed on as "name/text" when
    /// the node `forwards`
    case heard(String)

    func apply(toState state: inout Node.State, context: ApplyContext<Node>) -> String? {
        switch self {
        case .increment:
            state.count += 1
            return nil
        case .noop:
            return nil
        case let .setCount(value):
            state.count = value
            return nil
        case let .emit(text):
            return text
        case let .incrementAndEmit(text):
            state.count += 1
            return text
        case let .heard(text):
            state.heard.append(text)
            return context[workflowValue: \.forwards] ? "\(context[workflowValue: \.name])/\(text)" : nil
        }
    }

    var description: String {
        switch self {
        case .increment: "increment"
        case .noop: "noop"
        case let .setCount(value): "setCount(\(value))"
        case let .emit(text): "emit(\(text))"
        case let .incrementAndEmit(text): "incrementAndEmit(\(text))"
        case let .heard(text): "heard(\(text))"
        }
    }
}

/// The outputs a `Node` heard, in order. Interned: a list is a number into
/// one table, and equal lists have equal numbers, so `Node.State` stays a
/// bit copy and its `==` still compares the texts.
struct HeardTexts: Equatable {
    private var id = 0

    private static let lock = NSLock()
    nonisolated(unsafe) private static var lists: [[String]] = [[]]
    nonisolated(unsafe) private static var ids: [[String]: Int] = [[]: 0]

    var texts: [String] { Self.lock.withLock { Self.lists[id] } }
    var isEmpty: Bool { id == 0 }

    func joined(separator: String) -> String { texts.joined(separator: separator) }

    mutating func append(_ text: String) {
        let list = texts + [text]
        id = Self.lock.withLock {
            if let known = Self.ids[list] { return known }
            Self.lists.append(list)
            Self.ids[list] = Self.lists.count - 1
            return Self.lists.count - 1
        }
    }
}

// MARK: - Stateless

/// A workflow with no stored properties: always equal to itself (S2). Its
/// state is a counter driven through an `AnyWorkflowAction` sink.
struct Bare: Workflow {
    typealias State = Int

    struct Rendering {
        var text: String
        var sink: Sink<AnyWorkflowAction<Bare>>

        func increment() {
            sink.send(AnyWorkflowAction { state in
                state += 1
                return nil
            })
        }
    }

    func makeInitialState() -> Int {
        record("Bare init")
        return 0
    }

    func workflowDidChange(from previousWorkflow: Bare, state: inout Int) {
        record("Bare change")
    }

    func render(state: Int, context: RenderContext<Bare>) -> Rendering {
        record("Bare render")
        return Rendering(text: "bare:\(state)", sink: context.makeSink(of: AnyWorkflowAction<Bare>.self))
    }
}

// MARK: - Opaque

/// A workflow with a stored property and no `Equatable` conformance: never
/// equal to its previous value, so never skipped.
struct Opaque: Workflow {
    typealias State = Void
    typealias Rendering = String

    var label: String

    func workflowDidChange(from previousWorkflow: Opaque, state: inout Void) {
        record("Opaque change \(previousWorkflow.label)->\(label)")
    }

    func render(state: Void, context: RenderContext<Opaque>) -> String {
        record("Opaque(\(label)) render")
        return "opaque:\(label)"
    }
}

// MARK: - Helpers

/// The render calls the test workflows wrote to a log, in order ("A render", ...).
func renders(in log: EventLog) -> [String] {
    log.entries.filter { $0.hasSuffix(" render") }
}

/// The names of the nodes rendered, in order: ["A", "B"] for "A render", "B render".
func renderedNames(in log: EventLog) -> [String] {
    renders(in: log).map { String($0.dropLast(" render".count)) }
}
