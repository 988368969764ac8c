import Workflow

// How a test workflow renders a child from its `NodeSpec`: which concrete
// workflow, wrapped how (R2), its outputs routed how (R17).

/// A test workflow that can be a parent: how it takes a child's output.
protocol FuzzParent: Workflow where Output == String {
    associatedtype HeardAction: WorkflowAction where HeardAction.WorkflowType == Self
    /// The action a child's output becomes through `outputMap`.
    static func heard(_ output: String) -> HeardAction
    /// The same, applied in place, for `onOutput`.
    static func hear(_ output: String, state: inout State, forwards: Bool, path: String) -> String?
    var forwardsOutputs: Bool { get }
    var nodePath: String { get }
}

func childPath(_ parent: String, _ key: String) -> String {
    parent == "/" ? "/" + key : parent + "/" + key
}

/// Renders the child `spec` under `key` as its concrete workflow type.
///
/// `tag` is written into every output the child's output map delivers, so
/// that an output map kept from an earlier render shows (R7).
func renderSpec<Parent: FuzzParent>(
    _ spec: NodeSpec, key: String, path: String, input: Int, tag: Int, parent: Parent, context: RenderContext<Parent>
) -> FuzzScreen {
    switch (spec.kind, spec.equatableProps, spec.equatableState) {
    case (.stateful, true, true):
        renderEdge(FuzzNode<Eq, Eq>(spec: spec, path: path, input: input), spec, key, tag, parent, context)
    case (.stateful, true, false):
        renderEdge(FuzzNode<Eq, Opaque>(spec: spec, path: path, input: input), spec, key, tag, parent, context)
    case (.stateful, false, true):
        renderEdge(FuzzNode<Opaque, Eq>(spec: spec, path: path, input: input), spec, key, tag, parent, context)
    case (.stateful, false, false):
        renderEdge(FuzzNode<Opaque, Opaque>(spec: spec, path: path, input: input), spec, key, tag, parent, context)
    case (.stateless, true, _):
        renderEdge(StatelessNode<Eq>(spec: spec, path: path, input: input), spec, key, tag, parent, context)
    case (.stateless, false, _):
        renderEdge(StatelessNode<Opaque>(spec: spec, path: path, input: input), spec, key, tag, parent, context)
    case (.emptyLeaf, _, _):
        renderEdge(EmptyLeaf(), spec, key, tag, parent, context)
    }
}

/// Applies the edge's wrapping: none, `AnyWorkflow`, or `mapRendering`.
private func renderEdge<Parent: FuzzParent, Child: Workflow>(
    _ child: Child, _ spec: NodeSpec, _ key: String, _ tag: Int, _ parent: Parent, _ context: RenderContext<Parent>
) -> FuzzScreen where Child.Rendering == FuzzScreen, Child.Output == String {
    switch spec.wrap {
    case .plain: route(child, spec, key, tag, parent, context)
    case .anyWorkflow: route(AnyWorkflow(child), spec, key, tag, parent, context)
    case .mapRendering: route(child.mapRendering { $0.mapped() }, spec, key, tag, parent, context)
    }
}

/// Applies the edge's output route and renders the child.
private func route<Parent: FuzzParent, Child: AnyWorkflowConvertible>(
    _ child: Child, _ spec: NodeSpec, _ key: String, _ tag: Int, _ parent: Parent, _ context: RenderContext<Parent>
) -> FuzzScreen where Child.Rendering == FuzzScreen, Child.Output == String {
    switch spec.route {
    case .outputMap:
        return child.rendered(in: context, key: key, outputMap: { Parent.heard("\($0)@\(tag)") })
    case .onOutput:
        // The closure captures this render's props: R7 says the latest one wins.
        let forwards = parent.forwardsOutputs
        let path = parent.nodePath
        let handled: AnyWorkflow<FuzzScreen, AnyWorkflowAction<Parent>> = child.onOutput {
            (state: inout Parent.State, output: String) -> String? in
            Parent.hear("\(output)@\(tag)", state: &state, forwards: forwards, path: path)
        }
        return handled.rendered(in: context, key: key, outputMap: { $0 })
    case .mapOutput:
        return child.mapOutput { "m(\($0))" }.rendered(in: context, key: key, outputMap: { Parent.heard("\($0)@\(tag)") })
    case .ignoringOutput:
        return child.ignoringOutput().rendered(in: context, key: key)
    }
}

/// Adds a child's sinks to the parent's: fills in the path `EmptyLeaf`
/// cannot know, and notes whether outputs still climb past this parent.
func collect(_ childSinks: [SinkRef], of child: NodeSpec, at path: String, forwards: Bool, into sinks: inout [SinkRef]) {
    let passes = forwards && child.route != .ignoringOutput
    for var sink in childSinks {
        if sink.meta.path.isEmpty { sink.meta.path = path }
        if !passes { sink.meta.reachesRoot = false }
        sinks.append(sink)
    }
}

/// A side effect that logs its start and, through its lifetime, its end
/// (R11, R12), into the log of the host that started it.
func runLoggedSideEffect<W: Workflow>(_ key: String, path: String, context: RenderContext<W>) {
    context.runSideEffect(key: key) { lifetime in
        let log = FuzzLog.current
        log.append("effect start \(path) \(key)")
        lifetime.onEnded { log.append("effect end \(path) \(key)") }
    }
}

extension FuzzNode {
    var forwardsOutputs: Bool { spec.forwards }
    var nodePath: String { path }
}

extension StatelessNode {
    var forwardsOutputs: Bool { spec.forwards }
    var nodePath: String { path }
}
