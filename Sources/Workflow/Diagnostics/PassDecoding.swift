// A recorded pass read back: the node events paired into renders nested as
// the tree, with names, paths and self times. Every reader of a trace (the
// `Pass` values, the Chrome export, the summary) starts from here.

/// A node of a decoded pass: rendered (`begin...end`) or skipped
/// (`begin == end`).
struct DecodedNode {
    var workflowType: Any.Type
    var key: String
    var node: Int
    var reason: RenderReason
    /// Its place among the children its parent asked for.
    var order: Int32
    /// 0 for the root.
    var depth: Int
    /// The index of the node whose render asked for this one.
    var parent: Int?
    var name: String
    var path: String
    var begin: UInt64
    var end: UInt64
    /// The time of the renders of its children, inside its own.
    var childTime: UInt64 = 0

    var inclusiveTime: UInt64 { end - begin }
    var selfTime: UInt64 { inclusiveTime - childTime }
}

/// A decoded pass.
struct DecodedPass {
    var record: RecordedPass
    /// A node before its children, the children in the order their parent
    /// asked for them.
    var nodes: [DecodedNode]

    init(_ record: RecordedPass, names: inout TypeNames) {
        self.record = record
        nodes = []
        nodes.reserveCapacity(record.events.count / 2 + 1)
        var open: [Int] = []
        // The latest node of each identity: an `order` event names a child.
        var latest: [Int: Int] = [:]
        for event in record.events {
            switch event.kind {
            case .order:
                if let index = latest[event.node] { nodes[index].order = event.order }
            case .begin, .skip:
                let type = event.workflowType ?? Never.self
                let name = names.nodeName(type, key: event.key)
                let parent = open.last
                nodes.append(DecodedNode(
                    workflowType: type, key: event.key, node: event.node, reason: event.reason, order: event.order,
                    depth: open.count, parent: parent, name: name,
                    path: parent.map { nodes[$0].path + "/" + name } ?? name,
                    begin: event.time, end: event.time
                ))
                latest[event.node] = nodes.count - 1
                if event.kind == .begin { open.append(nodes.count - 1) }
            case .end:
                guard let index = open.popLast() else { continue }
                close(index, at: event.time)
            }
        }
        // A render cut short (the host released by its own code) ends with
        // the pass.
        while let index = open.popLast() {
            close(index, at: record.end)
        }
        putChildrenInOrder()
    }

    /// Skips are recorded when their parent's pass ends, after their
    /// rendered siblings: each parent's children go back to the order it
    /// asked for them in (a stable sort, which leaves them as they are when
    /// every order is 0, as the reference records them, rendering its
    /// children in that order).
    private mutating func putChildrenInOrder() {
        var children = [[Int]](repeating: [], count: nodes.count)
        var roots: [Int] = []
        for index in nodes.indices {
            if let parent = nodes[index].parent { children[parent].append(index) } else { roots.append(index) }
        }
        var ordered: [DecodedNode] = []
        ordered.reserveCapacity(nodes.count)
        // Depth first, iteratively: (old index, new index of its parent).
        var pending: [(index: Int, parent: Int?)] = roots.reversed().map { ($0, nil) }
        while let (index, parent) = pending.popLast() {
            var node = nodes[index]
            node.parent = parent
            ordered.append(node)
            let sorted = children[index].enumerated().sorted {
                (nodes[$0.element].order, $0.offset) < (nodes[$1.element].order, $1.offset)
            }
            for (_, child) in sorted.reversed() {
                pending.append((child, ordered.count - 1))
            }
        }
        nodes = ordered
    }

    /// What the trace and the summary call the pass: `first render of Root`,
    /// `update(workflow:) of Root`, `Action at Row[42]`.
    func title(names: inout TypeNames) -> String {
        switch record.trigger {
        case .firstRender: return "first render of " + names.name(record.rootType)
        case .update: return "update(workflow:) of " + names.name(record.rootType)
        case .action:
            guard let sending = record.actions.first, let node = sending.path.last else { return "cascade" }
            return names.name(sending.actionType) + " at " + names.nodeName(node.workflowType, key: node.key)
        }
    }

    private mutating func close(_ index: Int, at time: UInt64) {
        nodes[index].end = time
        if let parent = nodes[index].parent {
            nodes[parent].childTime += nodes[index].inclusiveTime
        }
    }
}

/// Type names, formatted once per type: `String(describing:)`, without the
/// module, as Swift prints a type.
struct TypeNames {
    private var names: [ObjectIdentifier: String] = [:]

    mutating func name(_ type: Any.Type) -> String {
        if let known = names[ObjectIdentifier(type)] { return known }
        let name = String(describing: type)
        names[ObjectIdentifier(type)] = name
        return name
    }

    /// `Type[key]`, or `Type` for an empty key.
    mutating func nodeName(_ type: Any.Type, key: String) -> String {
        key.isEmpty ? name(type) : name(type) + "[" + key + "]"
    }

    /// The path of a node given as its (type, key) from the root down.
    mutating func path(_ levels: [(workflowType: Any.Type, key: String)]) -> String {
        levels.map { nodeName($0.workflowType, key: $0.key) }.joined(separator: "/")
    }
}
