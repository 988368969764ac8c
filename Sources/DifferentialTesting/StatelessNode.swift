import Workflow

/// The stateless test workflow (`State == Void`): its children follow its
/// props only; its sinks can only emit outputs or pass on a child's. Its
/// output sink is declared only on even props (R13, R14).
public struct StatelessNode<P: Flavor>: Workflow {
    public typealias State = Void
    public typealias Output = String

    var spec: NodeSpec
    var path: String
    var input: Int

    public func render(state: Void, context: RenderContext<StatelessNode>) -> FuzzScreen {
        var sinks: [SinkRef] = []
        let main = context.makeSink(of: StatelessAction<P>.self)
        sinks.append(SinkRef(meta: meta("main"), send: { main.send(.command($0)) },
                             sendFromWorker: { main.sendFromWorker(.command($0)) }))
        if input % 2 == 0 {
            let out = context.makeOutputSink()
            sinks.append(SinkRef(meta: meta("out"), send: { out.send(outputText(for: $0)) }))
        }
        if spec.sideEffect {
            runLoggedSideEffect("fx\(input / 2)", path: path, context: context)
            runLoggedAsyncSideEffect("fa\(input / 3)", path: path, context: context)
        }
        var children: [RenderTree] = []
        var probes: [FuzzProbe] = []
        // Optional children show on even props: they come and go with updates.
        for (i, child) in spec.children.enumerated() {
            let key = "c\(i)"
            let shown = !child.optional || input % 2 == 0
            guard let rendered = shown ? child : child.standIn else { continue }
            let screen = renderSpec(rendered, key: key, path: childPath(path, key),
                                    input: child.inheritsProps ? input : 0, tag: spec.tagsOutputs ? input : 0, parent: self, context: context)
            children.append(screen.tree)
            collect(screen.sinks, of: rendered, at: childPath(path, key), forwards: spec.forwards, into: &sinks)
            probes += screen.probes
        }
        return FuzzScreen(tree: RenderTree(label: spec.label + path, state: "in=" + String(input),
                                           children: children), sinks: sinks, probes: probes)
    }

    private func meta(_ kind: String) -> SinkMeta {
        SinkMeta(path: path, kind: kind, hasList: false, reachesRoot: true)
    }
}

extension StatelessNode: Equatable where P: EquatableFlavor {}

extension StatelessNode: FuzzParent {
    static func heard(_ output: String) -> StatelessAction<P> { .heard(output) }

    static func hear(_ output: String, state: inout Void, forwards: Bool, path: String) -> String? {
        forwards ? forwarded(output, from: path) : nil
    }
}

public enum StatelessAction<P: Flavor>: WorkflowAction {
    public typealias WorkflowType = StatelessNode<P>
    case command(FuzzCommand)
    case heard(String)

    public func apply(toState state: inout Void, context: ApplyContext<StatelessNode<P>>) -> String? {
        switch self {
        case let .command(command):
            switch command {
            case let .emit(n), let .bumpAndEmit(n): return "e\(n)"
            default: return nil
            }
        case let .heard(output):
            return context[workflowValue: \.spec.forwards]
                ? forwarded(output, from: context[workflowValue: \.path]) : nil
        }
    }
}
