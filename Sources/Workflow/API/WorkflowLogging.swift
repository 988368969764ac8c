/// Logging configuration, as upstream. On Linux there is no os_signpost: the
/// settings are kept and the runtime logs nothing, at no cost.
public enum WorkflowLogging {
    public struct Config: Sendable {
        public enum RenderLoggingMode: Sendable {
            case none
            case rootsOnly
            case allNodes
        }

        public var renderLoggingMode: RenderLoggingMode = .allNodes
        public var logLifetimes = true
        public var logActions = true

        public init(renderLoggingMode: RenderLoggingMode = .allNodes, logLifetimes: Bool = true, logActions: Bool = true) {
            self.renderLoggingMode = renderLoggingMode
            self.logLifetimes = logLifetimes
            self.logActions = logActions
        }

        public static let debug = Config(renderLoggingMode: .allNodes, logLifetimes: true, logActions: true)
        public static let rootRendersAndActions = Config(renderLoggingMode: .rootsOnly, logLifetimes: false, logActions: true)
    }

    /// Whether OS logging may be recorded at all (never on Linux).
    @_spi(Logging)
    public static let isOSLoggingAllowed = false

    // Unchecked by the compiler, as upstream's settings are: the app sets them
    // at start-up, and this runtime never reads them (it logs nothing), so
    // no access of its own can race with the app's.
    nonisolated(unsafe) private static var isEnabled = false

    /// Enables logging where OS logging is allowed.
    public static var enabled: Bool {
        get { isEnabled }
        set { isEnabled = newValue && isOSLoggingAllowed }
    }

    /// Which activities are logged.
    nonisolated(unsafe) public static var config: Config = .rootRendersAndActions
}
