/// Writes a failing case back as Swift: the tree spec and events as
/// literals, inside a Swift Testing test that replays them. Paste it into
/// `Tests/WorkflowTests/Differential/` to keep the case.
public enum ReproPrinter {
    public static func test(name: String, tree: TreeSpec, events: [FuzzEvent], initialInput: Int,
                            divergence: Divergence) -> String {
        let comment = divergence.description.split(separator: "\n").map { "    // " + $0 }.joined(separator: "\n")
        return """
        @MainActor
        @Test func \(name)() {
        \(comment)
            let tree = \(literal(tree, indent: 4))
            let events: [FuzzEvent] = \(literal(events))
            let divergence = DifferentialRun.run(tree, events, initialInput: \(initialInput))
            #expect(divergence == nil, "\\(divergence!)")
        }
        """
    }

    static func literal(_ events: [FuzzEvent]) -> String {
        if events.isEmpty { return "[]" }
        return "[\n" + events.map { "        " + literal($0) + ",\n" }.joined() + "    ]"
    }

    public static func literal(_ tree: TreeSpec, indent: Int = 0) -> String {
        "TreeSpec(root: \(literal(tree.root, indent: indent))\(tree.rootInAnyWorkflow ? ", rootInAnyWorkflow: true" : "")"
            + "\(tree.debugger ? ", debugger: true" : "")"
            + "\(tree.renderOnlyIfStateChanged ? ", renderOnlyIfStateChanged: true" : "")"
            + "\(tree.conflatesBursts ? ", conflatesBursts: true" : ""))"
    }

    /// `NodeSpec(...)` naming only the fields that differ from the defaults.
    public static func literal(_ node: NodeSpec, indent: Int) -> String {
        var fields = [".\(node.kind.rawValue)"]
        if !node.equatableProps { fields.append("equatableProps: false") }
        if !node.equatableState { fields.append("equatableState: false") }
        if node.sideEffect { fields.append("sideEffect: true") }
        if !node.forwards { fields.append("forwards: false") }
        if node.wrap != .plain { fields.append("wrap: .\(node.wrap.rawValue)") }
        if node.route != .outputMap { fields.append("route: .\(node.route.rawValue)") }
        if node.optional { fields.append("optional: true") }
        if node.inheritsProps { fields.append("inheritsProps: true") }
        if !node.tagsOutputs { fields.append("tagsOutputs: false") }
        let inner = String(repeating: " ", count: indent + 4)
        if !node.children.isEmpty {
            let children = node.children.map { inner + "    " + literal($0, indent: indent + 8) }
            fields.append("children: [\n" + children.joined(separator: ",\n") + "\n" + inner + "]")
        }
        if let row = node.row {
            fields.append("listRow: " + literal(row, indent: indent + 4))
            fields.append("listRows: \(node.listRows)")
        }
        return "NodeSpec(" + fields.joined(separator: ", ") + ")"
    }

    public static func literal(_ event: FuzzEvent) -> String {
        switch event {
        case let .update(input): ".update(input: \(input))"
        case let .send(pick, command): ".send(\(literal(pick)), \(literal(command)))"
        case let .queuedSend(pick, command, sends):
            ".queuedSend(\(literal(pick)), \(literal(command)), then: ["
                + sends.map { "Send(\(literal($0.pick)), \(literal($0.command)))" }.joined(separator: ", ") + "])"
        case let .workerSends(sends, followUps):
            ".workerSends([" + sends.map { "Send(\(literal($0.pick)), \(literal($0.command)))" }.joined(separator: ", ")
                + "], then: [" + followUps.map { "Send(\(literal($0.pick)), \(literal($0.command)))" }.joined(separator: ", ") + "])"
        }
    }

    static func literal(_ pick: SinkPick) -> String {
        switch pick {
        case let .current(n): ".current(\(n))"
        case let .stale(n): ".stale(\(n))"
        case let .toRoot(n): ".toRoot(\(n))"
        case let .main(n): ".main(\(n))"
        }
    }

    static func literal(_ command: FuzzCommand) -> String {
        switch command {
        case .bump: ".bump"
        case .noop: ".noop"
        case .toggleAlt: ".toggleAlt"
        case .toggleOptional: ".toggleOptional"
        case let .setCount(n): ".setCount(\(n))"
        case let .emit(n): ".emit(\(n))"
        case let .bumpAndEmit(n): ".bumpAndEmit(\(n))"
        case let .insertRow(n): ".insertRow(\(n))"
        case let .removeRow(n): ".removeRow(\(n))"
        case let .moveRow(a, b): ".moveRow(\(a), \(b))"
        case let .editRow(n): ".editRow(\(n))"
        case .dropProbe: ".dropProbe"
        case .passCourier: ".passCourier"
        case let .holdProbe(effect):
            switch effect {
            case .log: ".holdProbe(.log)"
            case .send: ".holdProbe(.send)"
            case let .update(n): ".holdProbe(.update(\(n)))"
            case .cancel: ".holdProbe(.cancel)"
            }
        }
    }
}
