import WorkflowHostHarness

/// How a workload is computed: by a host of one of the runtimes, or by
/// hand-written plain Swift that produces the same rendering with no runtime
/// at all (the floor).
public enum Variant: Hashable, Sendable {
    case runtime(RuntimeKind)
    case vanilla

    /// `WorkflowHost` with its default configuration.
    public static let fast = Variant.runtime(.fast)
    /// `ReferenceWorkflowHost`.
    public static let reference = Variant.runtime(.reference)
}

extension Variant: CaseIterable {
    /// The variants the benchmarks run (`fastNoSkipping` is for the tests).
    public static let allCases: [Variant] = [.fast, .reference, .vanilla]
}

extension Variant: RawRepresentable, CustomStringConvertible {
    /// `fast`, `reference`, `vanilla`: the benchmark names' suffix.
    public var rawValue: String {
        switch self {
        case let .runtime(kind): kind.rawValue
        case .vanilla: "vanilla"
        }
    }

    public init?(rawValue: String) {
        if rawValue == "vanilla" {
            self = .vanilla
        } else if let kind = RuntimeKind(rawValue: rawValue) {
            self = .runtime(kind)
        } else {
            return nil
        }
    }

    public var description: String { rawValue }
}
