// A kept pass read back: its action steps, and its node events paired into
// renders nested as the tree, with names, paths and self times. Every reader
// of a trace (the `Pass` values, the Chrome export, the summary) starts from
// here, one pass at a time.

/// A node of a decoded pass: rendered (`begin...end`) or skipped
/// (`begin == end`).
struct DecodedNode {
    var entry: UInt32
    var reason: RenderReason
    /// A skip's place among the children its parent asked for (a rendered
    /// node's is the next one the skips leave).
    var order: Int32
    /// 0 for the root.
    var depth: Int
    /// The index of the node whose render asked for this one.
    var parent: Int?
    var begin: UInt64
    var end: UInt64
    /// The time of the renders of its children, inside its own.
    var childTime: UInt64 = 0
    /// Decoded from a `skip` event, which gives its place (`order`).
    var isPlacedSkip = false

    var inclusiveTime: UInt64 { end - begin }
    var selfTime: UInt64 { inclusiveTime - childTime }
}

/// An action step of a decoded pass.
struct DecodedAction {
    var actionType: Any.Type
    var entry: UInt32
    var reachedByOutput: Bool
    var stateChange: RenderTrace.ActionStep.StateChange
    var begin: UInt64
    var end: UInt64
}

/// A decoded pass.
struct DecodedPass {
    var header: PassHeader
    /// What is left of a pass boiled down (too large for the budget).
    var summary: PassSummary?
    var actions: [DecodedAction] = []
    /// A node before its children, the children in the order their parent
    /// asked for them. For a summarised pass: its slowest renders only.
    var nodes: [DecodedNode] = []

    /// Decodes `header`'s events, read by `event(index)`, or its summary.
    init(_ header: PassHeader, summary: PassSummary?, event: (Int) -> NodeEvent) {
        self.header = header
        self.summary = summary
        if let summary {
            nodes = summary.slowest.map {
                DecodedNode(
                    entry: $0.entry, reason: $0.reason, order: 0, depth: $0.depth, parent: nil,
                    begin: $0.begin, end: $0.end, childTime: $0.end - $0.begin - $0.selfTime
                )
            }
            return
        }
        nodes.reserveCapacity(header.eventCount)
        // Post-order: the nodes no render has claimed yet, latest last; a
        // render's event claims those that started after it did.
        var unclaimed: [Int] = []
        var actionBegin: UInt64 = header.begin
        var actionType: Any.Type = Never.self
        for index in 0..<header.eventCount {
            let event = event(index)
            switch event.kind {
            case .actionBegin:
                actionBegin = event.time
                actionType = event.actionType
            case .action:
                actions.append(DecodedAction(
                    actionType: actionType, entry: event.entry, reachedByOutput: ActionFlags.reachedByOutput(event.reason),
                    stateChange: ActionFlags.stateChange(event.reason), begin: actionBegin, end: event.time
                ))
            case .skip:
                unclaimed.append(nodes.count)
                nodes.append(DecodedNode(
                    entry: event.entry, reason: event.renderReason, order: event.order, depth: 0,
                    parent: nil, begin: event.time, end: event.time, isPlacedSkip: true
                ))
            case .render:
                let begin = event.begin
                let index = nodes.count
                var first = unclaimed.count
                while first > 0, nodes[unclaimed[first - 1]].begin >= begin { first -= 1 }
                var childTime: UInt64 = 0
                for child in unclaimed[first...] {
                    nodes[child].parent = index
                    childTime += nodes[child].inclusiveTime
                }
                unclaimed.removeSubrange(first...)
                unclaimed.append(index)
                nodes.append(DecodedNode(
                    entry: event.entry, reason: event.renderReason, order: 0, depth: 0,
                    parent: nil, begin: begin, end: event.time, childTime: childTime
                ))
            }
        }
        putChildrenInOrder()
    }

    /// Whether the pass was boiled down to a summary (too large for the
    /// trace's budget).
    var isSummarized: Bool { summary != nil }

    /// Rendered and skipped nodes: every one, or a summary's counts.
    var renderCount: Int { summary?.renders ?? nodes.count { $0.reason.didRender } }
    var skipCount: Int { summary?.skips ?? nodes.count { !$0.reason.didRender } }

    /// The nodes a parent before its children, each with its depth. Skips
    /// are recorded when their parent's render ends, after their rendered
    /// siblings: each parent's children go back to the order it asked for
    /// them in (`inAskedOrder`).
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
            node.depth = parent.map { ordered[$0].depth + 1 } ?? 0
            ordered.append(node)
            for child in inAskedOrder(children[index]).reversed() {
                pending.append((child, ordered.count - 1))
            }
        }
        nodes = ordered
    }

    /// A parent's children, given in the order their events came: each
    /// skip goes to the place its event gives, and the rendered children,
    /// which rendered in the order they were asked for, take the places
    /// left, in turn. Children with no skip among them (the reference
    /// records none: it renders every child in order) stay as they came.
    private func inAskedOrder(_ children: [Int]) -> [Int] {
        guard children.contains(where: { nodes[$0].isPlacedSkip }) else { return children }
        var placed = [Int?](repeating: nil, count: children.count)
        var others: [Int] = []
        for child in children {
            let place = Int(nodes[child].order)
            if nodes[child].isPlacedSkip, place >= 0, place < placed.count, placed[place] == nil {
                placed[place] = child
            } else {
                others.append(child)
            }
        }
        var next = others.makeIterator()
        return placed.compactMap { $0 ?? next.next() }
    }

    /// What the trace and the summary call the pass: `first render of Root`,
    /// `update(workflow:) of Root`, `Action at Row[42]`.
    func title(table: NodeTable, names: inout NodeNames) -> String {
        switch header.trigger {
        case .firstRender: return "first render of " + names.name(header.rootType)
        case .update: return "update(workflow:) of " + names.name(header.rootType)
        case .action:
            guard let sending = actions.first else { return "cascade" }
            return names.name(sending.actionType) + " at " + names.nodeName(sending.entry, in: table)
        }
    }
}

extension RenderTrace {
    /// A kept pass, decoded.
    func decode(_ header: PassHeader) -> DecodedPass {
        let ring = store.pointee.ring
        return DecodedPass(header, summary: store.pointee.summary(of: header)) { ring.event($0, from: header.firstEvent) }
    }

    /// The kept passes readers see, oldest first, one at a time.
    func forEachVisiblePass(_ body: (DecodedPass) throws -> Void) rethrows {
        let hidden = store.pointee.hiddenThrough
        // Copied first: the headers array may move as the ring drops passes.
        let headers = Array(store.pointee.kept.filter { $0.number > hidden })
        for header in headers {
            try body(decode(header))
        }
    }
}
