import Workflow
import WorkflowHostHarness

/// W6: a built tree of the w6-memory profile (111,111 nodes), held alive so
/// that a probe can read jemalloc's live and resident bytes around it.
public enum MemoryWorkload {
    public static func shape() throws -> TallyShape {
        let w6 = try WorkloadProfileShape("w6-memory", shape: "uniform")
        try w6.requireEvents([])
        return TallyShape(profile: w6)
    }

    /// Builds the tree on `variant` and returns it with its check; call on
    /// the main queue. The returned object keeps the tree alive.
    public static func build(_ variant: Variant, shape: TallyShape) -> (tree: AnyObject, failure: String?) {
        func verify(_ total: Int) -> String? {
            total == shape.nodeCount ? nil : "root total \(total), expected \(shape.nodeCount)"
        }
        switch variant {
        case let .runtime(kind):
            let host = kind.makeHost(shape.root)
            return (host, verify(host.rendering.total))
        case .vanilla:
            let tally = VanillaTally(shape: shape)
            return (tally, verify(tally.rootTotal))
        }
    }
}
