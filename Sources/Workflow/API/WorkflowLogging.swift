/// Logging settings, as upstream; kept, but this runtime logs nothing.
public enum WorkflowLogging {
    /// What the runtime would log when logging is enabled.
    public struct Config: Sendable {
        /// Which renders are logged.
        public enum RenderLoggingMode: Sendable {
            /// No render is logged.
            case none
            /// Only the root's render, once per render pass.
            case rootsOnly
            /// Every node's render.
            case allNodes
        }

        /// Which renders are logged.
        public var renderLoggingMode: RenderLoggingMode = .allNodes
        /// Whether the start and end of every node are logged.
        public var logLifetimes = true
        /// Whether every action applied is logged.
        public var logActions = true

        /// A configuration; by default every render, lifetime and action is logged.
        public init(renderLoggingMode: RenderLoggingMode = .allNodes, logLifetimes: Bool = true, logActions: Bool = true) {
            self.renderLoggingMode = renderLoggingMode
            self.logLifetimes = logLifetimes
            self.logActions = logActions
        }

        /// Everything: every node's render, every lifetime, every action.
        public static let debug = Config(renderLoggingMode: .allNodes, logLifetimes: true, logActions: true)
        /// The root's renders and the actions, without lifetimes: the default.
        public static let rootRendersAndActions = Config(renderLoggingMode: .rootsOnly, logLifetimes: false, logActions: true)
    }

    /// Whether OS logging may be recorded at all (never on Linux).
    @_spi(Logging)
    public static let isOSLoggingAllowed = false

    // Unchecked, as upstream's: the runtime never reads it, so never races.
    nonisolated(unsafe) private static var isEnabled = false

    /// Enables logging where OS logging is allowed.
    public static var enabled: Bool {
        get { isEnabled }
        set { isEnabled = newValue && isOSLoggingAllowed }
    }

    /// Which activities are logged.
    nonisolated(unsafe) public static var config: Config = .rootRendersAndActions
}
