import Workflow

/// What W8's side effects do: count starts and ends, and hand each leaf's
/// sink to the benchmark (how a real app hands a sink to a service). Held by
/// the workflows' props and compared by identity.
public final class ShapeEffects: Equatable {
    public private(set) var started = 0
    public private(set) var ended = 0
    /// Each leaf's sink by leaf index, set while the leaf lives.
    public var leafSinks: [Sink<ShapeNode.Action>?]

    init(leafCapacity: Int) { leafSinks = Array(repeating: nil, count: leafCapacity) }

    func start(_ lifetime: Lifetime, leaf: Int?, sink: Sink<ShapeNode.Action>?) {
        started += 1
        if let leaf { leafSinks[leaf] = sink }
        lifetime.onEnded { [unowned self] in
            ended += 1
            if let leaf { leafSinks[leaf] = nil }
        }
    }

    public var live: Int { started - ended }

    public static func == (a: ShapeEffects, b: ShapeEffects) -> Bool { a === b }
}

/// A node of W8's trees (workflow-kotlin's benchmark shapes). Every node
/// has Int state and runs one side effect. Leaves render `state + tag`; an
/// inner node renders its state plus its children's totals. `tag` comes
/// from the root's props: `propsGeneration` for the leaf `propsTarget`
/// (or every leaf when it is -1); other subtrees get unchanged props.
/// The root may have `extraLeaves` more leaf children (add / remove a leaf).
public struct ShapeNode: Workflow, Equatable {
    public var levelsBelow: Int
    public var fanout: Int
    /// Index of the first leaf of this subtree.
    public var firstLeaf: Int
    public var extraLeaves: Int
    public var propsGeneration: Int
    public var propsTarget: Int
    public var effects: ShapeEffects

    public typealias State = Int

    public func makeInitialState() -> Int { 0 }

    public enum Action: WorkflowAction {
        public typealias WorkflowType = ShapeNode
        case bump

        public func apply(toState state: inout Int, context: ApplyContext<ShapeNode>) -> Never? {
            state += 1
            return nil
        }
    }

    /// Leaves under a node `levelsBelow` levels above them.
    static func leafCount(fanout: Int, levelsBelow: Int) -> Int {
        var count = 1
        for _ in 0..<levelsBelow { count *= fanout }
        return count
    }

    public func render(state: Int, context: RenderContext<ShapeNode>) -> Int {
        RenderCount.value &+= 1
        if levelsBelow == 0 {
            let sink = context.makeSink(of: Action.self)
            let leaf = firstLeaf
            context.runSideEffect(key: 0) { effects.start($0, leaf: leaf, sink: sink) }
            let tagged = propsTarget == -1 || propsTarget == firstLeaf
            return state + (tagged ? propsGeneration : 0)
        }
        context.runSideEffect(key: 0) { effects.start($0, leaf: nil, sink: nil) }
        let perChild = Self.leafCount(fanout: fanout, levelsBelow: levelsBelow - 1)
        var total = state
        for index in 0..<fanout {
            let first = firstLeaf + index * perChild
            let inside = propsTarget == -1 || (first..<first + perChild).contains(propsTarget)
            let child = ShapeNode(
                levelsBelow: levelsBelow - 1, fanout: fanout, firstLeaf: first, extraLeaves: 0,
                propsGeneration: inside ? propsGeneration : 0, propsTarget: inside ? propsTarget : -2,
                effects: effects
            )
            total += child.rendered(in: context, key: ChildKeys.key(index))
        }
        // Extra leaves hang off the root, after the regular children.
        let regularLeaves = perChild * fanout
        for extra in 0..<extraLeaves {
            let leaf = ShapeNode(levelsBelow: 0, fanout: fanout, firstLeaf: regularLeaves + extra, extraLeaves: 0,
                                 propsGeneration: 0, propsTarget: -2, effects: effects)
            total += leaf.rendered(in: context, key: ChildKeys.key(fanout + extra))
        }
        return total
    }
}
