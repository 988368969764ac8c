/// Runtime switches: set once with `bootstrap`, or for a scope with
/// `withConfiguration`. A host reads the configuration when it is created.
@_spi(WorkflowRuntimeConfig)
public enum Runtime {
    /// The configuration bound by `withConfiguration` for the current task.
    @TaskLocal
    static var _currentConfiguration: Configuration?

    nonisolated(unsafe) static var bootstrapped: Configuration?

    /// Sets the process-wide configuration; once per process, on the main actor.
    @MainActor
    public static func bootstrap(_ configure: (inout Configuration) -> Void) {
        guard bootstrapped == nil else {
            fatalError("The Workflow runtime can only be bootstrapped once.")
        }
        var configuration = Configuration()
        configure(&configuration)
        bootstrapped = configuration
    }

    /// Runs `operation` with the current configuration changed by `override`.
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
    /// Forgets the bootstrapped configuration, so that a test can bootstrap
    /// again.
    static func resetConfig() {
        bootstrapped = nil
    }
}

extension Runtime {
    public struct Configuration: Equatable {
        /// Upstream's switch: a cascade in which no action changed a state
        /// renders nothing (outputs are still delivered).
        public var renderOnlyIfStateChanged: Bool = false

        /// This project's switch (rules S1-S4): re-render only dirty subtrees
        /// and skip clean children whose workflow value is unchanged. Turn it
        /// off if you rely on every `render` being called.
        public var renderSkipping: Bool = true

        /// Render diagnostics (D1): every host made while this is set
        /// records its cascades and render passes into this trace. Nil (the
        /// default) records nothing and costs nothing. A trace given to a
        /// host's initializer takes precedence.
        public var renderTrace: RenderTrace?

        /// Upstream's name for render skipping.
        public var partialTreeRendering: Bool {
            get { renderSkipping }
            set { renderSkipping = newValue }
        }

        public init() {}

        /// Every switch at its default.
        static let `default` = Configuration()
    }
}
