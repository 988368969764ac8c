import Workflow

/// Marks whether a test workflow's props or state are `Equatable`: the same
/// generic workflow comes in Equatable and non-Equatable variants, which the
/// runtimes treat differently (S1, S2) and which are distinct types (R1).
public protocol Flavor {
    /// Where the state keeps a `FuzzProbe`, if it can.
    associatedtype Probes: ProbeSlot
    /// Whether an action that took a state from `old` to `new` changed it,
    /// as S1 counts change for a state of this flavor.
    static func isChange(from old: FuzzState<Self>, to new: FuzzState<Self>) -> Bool
}
public protocol EquatableFlavor: Flavor where Probes: Equatable {}

public enum Eq: EquatableFlavor {
    public typealias Probes = NoProbe
    /// An Equatable state changed when `==` says so.
    public static func isChange(from old: FuzzState<Eq>, to new: FuzzState<Eq>) -> Bool { old != new }
}

public enum Opaque: Flavor {
    public typealias Probes = HeldProbe
    /// A state that is not Equatable changes with every applied action.
    public static func isChange(from old: FuzzState<Opaque>, to new: FuzzState<Opaque>) -> Bool { true }
}

/// A row of a keyed list: its key (stable across inserts, removes and moves)
/// and the props it renders its row with.
public struct Row: Equatable {
    public var key: Int
    public var value: Int
}

/// The state of a `FuzzNode`; `Equatable` only in its `Eq` variant, so that
/// S1 compares it with `==` there and counts every applied action as a
/// change otherwise.
public struct FuzzState<F: Flavor>: CustomStringConvertible {
    var count = 0
    /// The props last seen, set by `workflowDidChange` (R7).
    var input: Int
    /// Whether the node declares its `AltAction` sink (R13).
    var altDeclared = false
    /// Whether the optional children are rendered (R6, R9).
    var showOptional = true
    var rows: [Row] = []
    var nextKey = 0
    /// The last outputs heard from children (R17).
    var heard: [String] = []
    /// A probe, rendered by the node (R24), and a courier, never rendered;
    /// neither for `Eq`.
    var probes = F.Probes()

    init(input: Int, rows: Int) {
        self.input = input
        for _ in 0..<rows { insertRow(at: self.rows.count) }
    }

    public var description: String {
        var text = "c=\(count) in=\(input)"
        if altDeclared { text += " alt" }
        if !showOptional { text += " hidden" }
        if !rows.isEmpty || nextKey > 0 { text += " rows=[\(rows.map { "\($0.key):\($0.value)" }.joined(separator: ","))]" }
        if !heard.isEmpty { text += " heard=[\(heard.joined(separator: ","))]" }
        if let probe = probes.probe { text += " \(probe.name)" }
        if let courier = probes.courier { text += " courier \(courier.name)" }
        return text
    }

    mutating func insertRow(at position: Int) {
        rows.insert(Row(key: nextKey, value: 0), at: position)
        nextKey += 1
    }

    /// Applies a command; returns the output it emits, if any.
    mutating func apply(_ command: FuzzCommand) -> String? {
        let before = self
        defer { noteChange(from: before) }
        switch command {
        case .bump: count += 1
        case .noop: break
        case let .setCount(n): count = n
        case let .emit(n): return "e\(n)"
        case let .bumpAndEmit(n):
            count += 1
            return "e\(n)"
        case .toggleAlt: altDeclared.toggle()
        case .toggleOptional: showOptional.toggle()
        case let .insertRow(n): insertRow(at: n % (rows.count + 1))
        case let .removeRow(n):
            if !rows.isEmpty { rows.remove(at: n % rows.count) }
        case let .moveRow(a, b):
            if rows.count > 1 {
                let row = rows.remove(at: a % (rows.count + 1) % rows.count)
                rows.insert(row, at: b % (rows.count + 1))
            }
        case let .editRow(n):
            if !rows.isEmpty { rows[n % rows.count].value += 1 }
        case let .holdProbe(effect):
            // Its deinit runs when the last rendering that holds it goes.
            if F.Probes.self != NoProbe.self {
                probes.probe = FuzzProbe(effect: effect, log: FuzzLog.current)
            }
        case .dropProbe:
            probes.probe = nil
        case .passCourier:
            // The copy in `before` holds the old one until this returns.
            if F.Probes.self != NoProbe.self {
                probes.courier = FuzzProbe(effect: .send, log: FuzzLog.current)
            }
        }
        return nil
    }

    /// A child's output reached this node: kept, and passed on if asked.
    mutating func hear(_ text: String) {
        let before = self
        defer { noteChange(from: before) }
        heard.append(text)
        if heard.count > 2 { heard.removeFirst() }
    }
}

extension FuzzState: Equatable where F: EquatableFlavor {}

extension FuzzState {
    /// Every action on a `FuzzNode` goes through `apply` or `hear`: the
    /// expectation of S3's check (a cascade that changed no state renders
    /// nothing with skipping) comes from here, by the state's own flavor.
    fileprivate func noteChange(from before: FuzzState) {
        let log = FuzzLog.current
        // S1 compares only states it can keep for free, unless told to compare all.
        let compared = Equality.comparesChanges(of: Self.self, everyComparableState: log.comparesEveryState)
        if !compared || F.isChange(from: before, to: self) { log.stateChanged = true }
    }
}

/// The text a node passes up for a child's output: its own key, then the text.
func forwarded(_ text: String, from path: String) -> String {
    let key = path.split(separator: "/").last.map(String.init) ?? ""
    return "\(key)/\(text)"
}

/// The output an output sink sends for a command.
func outputText(for command: FuzzCommand) -> String {
    switch command {
    case let .emit(n), let .bumpAndEmit(n), let .setCount(n): "o\(n)"
    default: "o"
    }
}
