import Workflow

/// The stateful test workflow: a counter, an optional `AltAction` sink, an
/// `AnyWorkflowAction` sink declared on most counts, side effects keyed by
/// the count, fixed children (some shown only while `showOptional`) and a
/// keyed list of rows held in its state. `P` and `S` say whether its props
/// and its state are `Equatable`.
public struct FuzzNode<P: Flavor, S: Flavor>: Workflow {
    public typealias State = FuzzState<S>
    public typealias Output = String

    var spec: NodeSpec
    /// The node's key path, for side-effect logs and sink provenance.
    var path: String
    /// The props the parent (or the host) gives it.
    var input: Int

    public func makeInitialState() -> State {
        State(input: input, rows: spec.hasList ? spec.listRows : 0)
    }

    public func workflowDidChange(from previousWorkflow: FuzzNode, state: inout State) {
        state.input = input
    }

    public func render(state: State, context: RenderContext<FuzzNode>) -> FuzzScreen {
        var sinks: [SinkRef] = []
        let main = context.makeSink(of: FuzzAction<P, S>.self)
        sinks.append(SinkRef(meta: meta("main"), send: { main.send(.command($0)) },
                             sendFromWorker: { main.sendFromWorker(.command($0)) }))
        if state.altDeclared {
            let alt = context.makeSink(of: AltAction<P, S>.self)
            sinks.append(SinkRef(meta: meta("alt"), send: { alt.send(AltAction(command: $0)) }))
        }
        if state.count % 4 != 3 {
            // R14: two views of the node's AnyWorkflowAction sink.
            if spec.equatableState {
                let any = context.makeStateMutationSink()
                sinks.append(SinkRef(meta: meta("any"), send: { command in any.send { _ = $0.apply(command) } }))
            } else {
                let any = context.makeSink(of: FuzzCommand.self) { command, state, _ in state.apply(command) }
                sinks.append(SinkRef(meta: meta("any"), send: { any.send($0) }))
            }
        }
        if spec.sideEffect {
            runLoggedSideEffect("fx\(state.count / 2)", path: path, context: context)
            runLoggedSideEffect("fy\(state.count / 3)", path: path, context: context)
            runLoggedAsyncSideEffect("fa\(state.count / 4)", path: path, context: context)
        }

        var children: [RenderTree] = []
        var probes = state.probes.probe.map { [$0] } ?? []
        let childInput = state.count + input
        for (i, child) in spec.children.enumerated() {
            let key = "c\(i)"
            let shown = !child.optional || state.showOptional
            guard let rendered = shown ? child : child.standIn else { continue }
            let screen = renderSpec(rendered, key: key, path: childPath(path, key),
                                    input: child.inheritsProps ? childInput : 0, tag: spec.tagsOutputs ? childInput : 0, parent: self, context: context)
            add(screen, of: rendered, at: childPath(path, key), to: &children, sinks: &sinks)
            probes += screen.probes
        }
        if let row = spec.row {
            for entry in state.rows {
                let key = "r\(entry.key)"
                let screen = renderSpec(row, key: key, path: childPath(path, key), input: entry.value, tag: spec.tagsOutputs ? childInput : 0,
                                        parent: self, context: context)
                add(screen, of: row, at: childPath(path, key), to: &children, sinks: &sinks)
                probes += screen.probes
            }
        }
        return FuzzScreen(tree: RenderTree(label: spec.label + path, state: state.description,
                                           children: children), sinks: sinks, probes: probes)
    }

    private func meta(_ kind: String) -> SinkMeta {
        SinkMeta(path: path, kind: kind, hasList: spec.hasList, reachesRoot: true)
    }

    private func add(_ screen: FuzzScreen, of child: NodeSpec, at path: String,
                     to children: inout [RenderTree], sinks: inout [SinkRef]) {
        children.append(screen.tree)
        collect(screen.sinks, of: child, at: path, forwards: spec.forwards, into: &sinks)
    }
}

extension FuzzNode: Equatable where P: EquatableFlavor {}

extension FuzzNode: FuzzParent {
    static func heard(_ output: String) -> FuzzAction<P, S> { .heard(output) }

    static func hear(_ output: String, state: inout State, forwards: Bool, path: String) -> String? {
        state.hear(output)
        return forwards ? forwarded(output, from: path) : nil
    }
}

/// The stateful node's main action type.
public enum FuzzAction<P: Flavor, S: Flavor>: WorkflowAction {
    public typealias WorkflowType = FuzzNode<P, S>
    case command(FuzzCommand)
    /// A child's output, through the parent's output map (R17).
    case heard(String)

    public func apply(toState state: inout FuzzState<S>, context: ApplyContext<FuzzNode<P, S>>) -> String? {
        switch self {
        case let .command(command):
            return state.apply(command)
        case let .heard(output):
            state.hear(output)
            return context[workflowValue: \.spec.forwards]
                ? forwarded(output, from: context[workflowValue: \.path]) : nil
        }
    }
}

/// A second action type, declared only while `altDeclared`: its old sinks go
/// dead when it is not declared, and stay dead (R13).
public struct AltAction<P: Flavor, S: Flavor>: WorkflowAction {
    public typealias WorkflowType = FuzzNode<P, S>
    var command: FuzzCommand

    public func apply(toState state: inout FuzzState<S>, context: ApplyContext<FuzzNode<P, S>>) -> String? {
        state.apply(command)
    }
}
