import Testing
@_spi(WorkflowRuntimeConfig) @testable import Workflow
@_spi(WorkflowRuntimeConfig) import WorkflowHostHarness

// C1: the default configuration set with updateDefaultConfiguration, any
// number of times, read by hosts when they are created; the flags of
// workflow-swift 5 and 6 that change nothing here; bootstrap, once.

@MainActor
@Suite("Default configuration (C1)")
struct DefaultConfigurationTests {
    @Test("C1: updateDefaultConfiguration may be called again, starts from a fresh Configuration each time, and reaches only hosts made afterwards", arguments: RuntimeKind.allCases)
    func updateDefaultConfiguration(kind: RuntimeKind) {
        // Synchronous on the main actor: no other test makes a host meanwhile.
        defer { Runtime.resetConfig() }
        Runtime.updateDefaultConfiguration { $0.renderOnlyIfStateChanged = true }
        #expect(Runtime.configuration.renderOnlyIfStateChanged)
        let quiet = TestHost(kind, Node("R"))
        Runtime.updateDefaultConfiguration { $0.useSinkEventHandler = true }
        #expect(!Runtime.configuration.renderOnlyIfStateChanged)
        #expect(Runtime.configuration.useSinkEventHandler)
        let loud = TestHost(kind, Node("R"))
        let overridden = Runtime.withConfiguration(override: { $0.renderOnlyIfStateChanged = true }) {
            TestHost(kind, Node("R"))
        }

        for host in [quiet, loud, overridden] {
            host.recordRenderings()
            host.rendering.send(.noop, to: "R")
        }
        // S3: with renderOnlyIfStateChanged a no-op cascade publishes nothing.
        #expect(quiet.publishedRenderings.isEmpty)
        #expect(loud.publishedRenderings.map(\.text) == ["R:0"])
        #expect(overridden.publishedRenderings.isEmpty)
    }

    @Test("C1, R15: with useSinkEventHandler on or off, a send from a rendering observer waits for the current cascade", arguments: RuntimeKind.allCases, [false, true])
    func useSinkEventHandlerChangesNothing(kind: RuntimeKind, useSinkEventHandler: Bool) {
        let log = EventLog.begin()
        let host = TestHost(kind, Node("R")) {
            $0.useSinkEventHandler = useSinkEventHandler
            $0.suppressPerceptionCheckingWhenUsingObservation = true
        }
        let observation = host.observeRenderings { rendering in
            record("observer sees \(rendering.text)")
            if rendering.text == "R:1" {
                rendering.send(.increment, to: "R")
                record("send returned")
            }
        }
        log.clear()
        host.rendering.send(.increment, to: "R")
        #expect(log.entries.filter { !$0.hasSuffix(" render") } == ["observer sees R:1", "send returned", "observer sees R:2"])
        withExtendedLifetime(observation) {}
    }

    @available(*, deprecated, message: "checks the deprecated bootstrap")
    @Test("C1: the deprecated bootstrap sets the default like updateDefaultConfiguration")
    func bootstrapSetsDefault() {
        defer { Runtime.resetConfig() }
        Runtime.bootstrap { $0.renderSkipping = false }
        #expect(Runtime.configuration == {
            var expected = Runtime.Configuration()
            expected.renderSkipping = false
            return expected
        }())
        // The newer call may still replace it.
        Runtime.updateDefaultConfiguration { $0.renderOnlyIfStateChanged = true }
        #expect(Runtime.configuration.renderSkipping)
        #expect(Runtime.configuration.renderOnlyIfStateChanged)
    }

    @available(*, deprecated, message: "checks the deprecated bootstrap")
    @Test("C1: a second bootstrap is fatal, with a message")
    func secondBootstrapIsFatal() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            await MainActor.run {
                Runtime.bootstrap { _ in }
                Runtime.bootstrap { _ in }
            }
        }
        let message = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(message.contains("can only be bootstrapped once"))
    }
}
