/// Why a node rendered in a pass, or why it was skipped (rules S1-S4, D1).
///
/// A node that had several reasons gets the first that applies, in the order
/// the cases are declared: a new node is `.new` even with skipping off, the
/// root of an update is `.hostUpdate` even with skipping off, a node whose
/// own state changed is `.stateChanged` even if its props changed too.
public enum RenderReason: UInt8, Hashable, Sendable, CaseIterable, CustomStringConvertible {
    /// Rendered: the node started in this pass (R6).
    case new
    /// Rendered: the root got a new workflow value from the host's
    /// `update(workflow:)`, which always renders (R19).
    case hostUpdate
    /// Rendered: render skipping is off, so every node asked for renders.
    /// The reference runtime renders every node for this reason.
    case renderSkippingOff
    /// Rendered: an action of this cascade changed the node's state (S1).
    case stateChanged
    /// Rendered: an action of this cascade ran on the node's state, which
    /// the runtime does not compare (it is not `Equatable`, holds references
    /// such as arrays or strings, or is a class), so every action counts as a
    /// change (S1).
    case stateNotCompared
    /// Rendered: the parent gave a workflow value of a type that cannot be
    /// compared: not `Equatable`, or a class. Such a child renders whenever
    /// its parent does, and so may its whole subtree (S2).
    case propsNotEquatable
    /// Rendered: the parent gave a workflow value that is not `==` to the
    /// previous one (S2).
    case propsChanged
    /// Rendered: a state changed below this node, which renders to ask for
    /// its children again; the clean ones among them are skipped (S1).
    case descendantChanged
    /// Skipped: the node's subtree is clean and its new workflow value
    /// equals the previous one, so its last rendering was reused (S2).
    case cleanWithEqualProps

    /// Whether the node's `render` ran: false only for a skip.
    public var didRender: Bool { self != .cleanWithEqualProps }

    /// A short phrase, as the trace and the summary print it.
    public var description: String {
        switch self {
        case .new: "new"
        case .hostUpdate: "update(workflow:)"
        case .renderSkippingOff: "render skipping off"
        case .stateChanged: "state changed"
        case .stateNotCompared: "state not compared"
        case .propsNotEquatable: "props not Equatable"
        case .propsChanged: "props changed"
        case .descendantChanged: "descendant changed"
        case .cleanWithEqualProps: "skipped: clean, equal props"
        }
    }
}
