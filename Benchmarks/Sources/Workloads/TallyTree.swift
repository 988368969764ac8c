import Workflow
import WorkflowHostHarness

/// A node of a uniform tree (W3, W4, W6, W7): Int state starting at 1, and a
/// rendering whose `total` is its own state plus the totals of its children.
///
/// `probe` is the sink of one leaf of the subtree, chosen by `pick` (one
/// base-`fanout` digit per level), so that the root's rendering hands the
/// benchmark the sink of the leaf it updates, without any array per render.
public struct TallyNode: Workflow, Equatable {
    public var levelsBelow: Int
    public var fanout: Int
    public var pick: Int

    public init(levelsBelow: Int, fanout: Int, pick: Int) {
        self.levelsBelow = levelsBelow
        self.fanout = fanout
        self.pick = pick
    }

    public typealias State = Int

    public func makeInitialState() -> Int { 1 }

    /// Adds `amount` to the state; `.bump(0)` is W4's no-op action.
    public enum Action: WorkflowAction {
        public typealias WorkflowType = TallyNode
        case bump(Int)

        public func apply(toState state: inout Int, context: ApplyContext<TallyNode>) -> Never? {
            switch self {
            case let .bump(amount): state += amount
            }
            return nil
        }
    }

    public struct Rendering {
        public var total: Int
        public var probe: Sink<Action>
    }

    public func render(state: Int, context: RenderContext<TallyNode>) -> Rendering {
        RenderCount.value &+= 1
        if levelsBelow == 0 {
            return Rendering(total: state, probe: context.makeSink(of: Action.self))
        }
        let child = TallyNode(levelsBelow: levelsBelow - 1, fanout: fanout, pick: pick / fanout)
        let chosen = pick % fanout
        var total = state
        var probe: Sink<Action>?
        for index in 0..<fanout {
            let rendering = child.rendered(in: context, key: ChildKeys.key(index))
            total += rendering.total
            if index == chosen { probe = rendering.probe }
        }
        return Rendering(total: total, probe: probe!)
    }
}

/// The shape of a uniform tree and the leaf the benchmarks update.
public struct TallyShape {
    public var depth: Int
    public var fanout: Int
    /// One base-`fanout` digit per level, from the profile's seed.
    public var pick: Int

    public init(depth: Int, fanout: Int, seed: UInt64) {
        self.depth = depth
        self.fanout = fanout
        var random = SeededRandom(seed: seed)
        var pick = 0
        for _ in 0..<depth { pick = pick * fanout + Int.random(in: 0..<fanout, using: &random) }
        self.pick = pick
    }

    /// 1 + fanout + fanout^2 + ... + fanout^depth.
    public var nodeCount: Int {
        var count = 0
        var level = 1
        for _ in 0...depth {
            count += level
            level *= fanout
        }
        return count
    }

    public var root: TallyNode { TallyNode(levelsBelow: depth, fanout: fanout, pick: pick) }
}
