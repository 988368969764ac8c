/// Receives snapshots of a host's whole tree (R21).
public protocol WorkflowDebugger {
    /// Called once, after the host's first render.
    func didEnterInitialState(snapshot: WorkflowHierarchyDebugSnapshot)

    /// Called once per cascade or `update(workflow:)`, with the tree after it.
    func didUpdate(snapshot: WorkflowHierarchyDebugSnapshot, updateInfo: WorkflowUpdateDebugInfo)
}

/// A node and its subtree: type, state description, children sorted by key.
public struct WorkflowHierarchyDebugSnapshot: Codable, Equatable, Sendable {
    /// The name of the node's workflow type.
    public var workflowType: String
    /// The node's state, as `String(describing:)` prints it.
    public var stateDescription: String
    /// The node's children, sorted by key (then by type name).
    public var children: [Child]

    package init(workflowType: String, stateDescription: String, children: [Child] = []) {
        self.workflowType = workflowType
        self.stateDescription = stateDescription
        self.children = children
    }

    /// A child and the key its parent rendered it with.
    public struct Child: Codable, Equatable, Sendable {
        /// The key the parent rendered this child with (empty when it gave none).
        public var key: String
        /// The child's own subtree.
        public var snapshot: WorkflowHierarchyDebugSnapshot

        package init(key: String, snapshot: WorkflowHierarchyDebugSnapshot) {
            self.key = key
            self.snapshot = snapshot
        }
    }
}

extension WorkflowHierarchyDebugSnapshot {
    /// One node's snapshot; `children`, in any order, are sorted by key.
    package init(workflowType: Any.Type, state: Any, children: [Child]) {
        self.init(
            workflowType: "\(workflowType)",
            stateDescription: "\(state)",
            children: children.sorted {
                ($0.key, $0.snapshot.workflowType) < ($1.key, $1.snapshot.workflowType)
            }
        )
    }
}

/// Where an update came from, from the root down to the node that got it.
public struct WorkflowUpdateDebugInfo: Codable, Equatable, Sendable {
    /// The name of the workflow type of the node this level describes.
    public var workflowType: String
    /// Whether this node was updated itself or one of its descendants was.
    public var kind: Kind

    package init(workflowType: String, kind: Kind) {
        self.workflowType = workflowType
        self.kind = kind
    }

    /// How an update concerns the node it is attached to.
    public indirect enum Kind: Equatable, Sendable {
        /// This node's state was updated.
        case didUpdate(source: Source)
        /// A descendant was updated; this node's state was not.
        case childDidUpdate(WorkflowUpdateDebugInfo)
    }

    /// What started an update of a node's state.
    public indirect enum Source: Equatable, Sendable {
        /// An action sent from outside the tree, through one of the node's sinks.
        case external
        /// A worker's result. Never reported: a worker is a node (`subtree`).
        case worker
        /// A side effect's action. Never reported: it is `external`.
        case sideEffect
        /// An output of the subtree described.
        case subtree(WorkflowUpdateDebugInfo)
    }
}

extension WorkflowUpdateDebugInfo {
    /// A cascade's info; `path` runs up from the node that got the action.
    package static func cascade(path: [(workflowType: Any.Type, reachedByOutput: Bool)]) -> WorkflowUpdateDebugInfo {
        var info = WorkflowUpdateDebugInfo(workflowType: "\(path[0].workflowType)", kind: .didUpdate(source: .external))
        for step in path.dropFirst() {
            let kind: Kind = step.reachedByOutput ? .didUpdate(source: .subtree(info)) : .childDidUpdate(info)
            info = WorkflowUpdateDebugInfo(workflowType: "\(step.workflowType)", kind: kind)
        }
        return info
    }
}

// Codable forms as upstream: a "type" discriminator beside the payload.
extension WorkflowUpdateDebugInfo.Kind: Codable {
    private enum CodingKeys: String, CodingKey {
        case type, source, childUpdate
    }

    /// Writes a `type` discriminator beside the source or the child's update.
    public func encode(to encoder: Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        switch self {
        case let .didUpdate(source):
            try container.encode("didUpdate", forKey: .type)
            try container.encode(source, forKey: .source)
        case let .childDidUpdate(info):
            try container.encode("childDidUpdate", forKey: .type)
            try container.encode(info, forKey: .childUpdate)
        }
    }

    /// Reads a kind written by `encode(to:)`; an unknown `type` throws.
    public init(from decoder: Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let type = try container.decode(String.self, forKey: .type)
        switch type {
        case "didUpdate":
            self = try .didUpdate(source: container.decode(WorkflowUpdateDebugInfo.Source.self, forKey: .source))
        case "childDidUpdate":
            self = try .childDidUpdate(container.decode(WorkflowUpdateDebugInfo.self, forKey: .childUpdate))
        default:
            throw DecodingError.dataCorruptedError(forKey: .type, in: container, debugDescription: "unknown kind \(type)")
        }
    }
}

extension WorkflowUpdateDebugInfo.Source: Codable {
    private enum CodingKeys: String, CodingKey {
        case type, debugInfo
    }

    /// Writes a `type` discriminator, and the subtree's update for `subtree`.
    public func encode(to encoder: Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        switch self {
        case .external: try container.encode("external", forKey: .type)
        case .worker: try container.encode("worker", forKey: .type)
        case .sideEffect: try container.encode("side-effect", forKey: .type)
        case let .subtree(info):
            try container.encode("subtree", forKey: .type)
            try container.encode(info, forKey: .debugInfo)
        }
    }

    /// Reads a source written by `encode(to:)`; an unknown `type` throws.
    public init(from decoder: Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let type = try container.decode(String.self, forKey: .type)
        switch type {
        case "external": self = .external
        case "worker": self = .worker
        case "side-effect": self = .sideEffect
        case "subtree": self = try .subtree(container.decode(WorkflowUpdateDebugInfo.self, forKey: .debugInfo))
        default:
            throw DecodingError.dataCorruptedError(forKey: .type, in: container, debugDescription: "unknown source \(type)")
        }
    }
}
