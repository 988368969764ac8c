/// Runtime switches: the process-wide default, set with
/// `updateDefaultConfiguration` (any number of times), or a scope's, with
/// `withConfiguration`. A host reads the configuration when it is created
/// and keeps it for its whole life.
@_spi(WorkflowRuntimeConfig)
public enum Runtime {
    /// The configuration bound by `withConfiguration` for the current task.
    @TaskLocal
    static var _currentConfiguration: Configuration?

    /// The default set by `updateDefaultConfiguration` or `bootstrap`.
    /// Unchecked, sound: every access is on the main queue (R22).
    nonisolated(unsafe) static var bootstrapped: Configuration?
    /// Whether the deprecated `bootstrap` was called (once at most).
    nonisolated(unsafe) private static var hasBootstrapped = false

    /// Replaces the default with a fresh `Configuration()` changed by
    /// `configureBlock`, for hosts created afterwards (C1, R22).
    @preconcurrency @MainActor
    public static func updateDefaultConfiguration(_ configureBlock: (inout Configuration) -> Void) {
        MainQueue.check("Runtime.updateDefaultConfiguration(_:) was called")
        var configuration = Configuration()
        configureBlock(&configuration)
        bootstrapped = configuration
    }

    /// Sets the default configuration, as `updateDefaultConfiguration` does;
    /// once per process, on the main actor: a second call is a fatal error.
    @available(*, deprecated, message: "Use Runtime.updateDefaultConfiguration(_:), which may be called more than once.")
    @MainActor
    public static func bootstrap(_ configure: (inout Configuration) -> Void) {
        guard !hasBootstrapped else {
            fatalError("The Workflow runtime can only be bootstrapped once.")
        }
        hasBootstrapped = true
        updateDefaultConfiguration(configure)
    }

    /// Runs `operation` with the current configuration changed by `override`.
    @preconcurrency @MainActor
    public static func withConfiguration<T>(
        override: ((inout Configuration) -> Void)? = nil,
        operation: () -> T
    ) -> T {
        var configuration = configuration
        override?(&configuration)
        return $_currentConfiguration.withValue(configuration, operation: operation)
    }

    /// The configuration in force here.
    package static var configuration: Configuration {
        _currentConfiguration ?? bootstrapped ?? .default
    }
}

extension Runtime {
    /// Forgets the default, so that a test can bootstrap again.
    static func resetConfig() {
        bootstrapped = nil
        hasBootstrapped = false
    }
}

extension Runtime {
    /// The runtime's switches. A host reads them once, when it is created
    /// (rule C1): the configuration bound by `Runtime.withConfiguration`, else
    /// the latest default, else these defaults.
    public struct Configuration: Equatable, Sendable {
        /// Upstream's switch: a cascade in which no action changed a state
        /// renders nothing (outputs are still delivered).
        public var renderOnlyIfStateChanged: Bool = false

        /// This project's switch (rules S1-S4): re-render only dirty subtrees
        /// and skip clean children whose workflow value is unchanged. Turn it
        /// off if you rely on every `render` being called.
        public var renderSkipping: Bool = true

        /// Bursts render once (B1-B4): the sends waiting behind a cascade, and
        /// workers' outputs of one main-queue turn, apply together, then one
        /// render pass. Off by default (R18). workflow-kotlin's
        /// `CONFLATE_STALE_RENDERINGS` and `DRAIN_EXCLUSIVE_ACTIONS` together.
        public var conflateStaleRenderings: Bool = false

        /// What every host made while it is set records into (D1): set
        /// through WorkflowDiagnostics' `renderTrace`. Nil (the default)
        /// records nothing and costs nothing.
        package var traceSetting = RenderTraceSetting()

        /// Accepted for code written for workflow-swift 5 and later, where
        /// it makes a sink event that arrives while the host is busy wait
        /// until the host is done. Here every such send waits, whatever the
        /// flag (R15): it changes nothing.
        public var useSinkEventHandler: Bool = false

        /// Accepted for code written for workflow-swift 6, where it concerns
        /// SwiftUI's perception checks in WorkflowSwiftUI's observation
        /// only. This runtime has no such checks: it changes nothing.
        public var suppressPerceptionCheckingWhenUsingObservation: Bool = false

        /// Upstream's name for render skipping.
        public var partialTreeRendering: Bool {
            get { renderSkipping }
            set { renderSkipping = newValue }
        }

        /// Every switch at its default: render skipping on, no render trace.
        public init() {}

        /// Every switch at its default.
        static let `default` = Configuration()
    }
}
