import Testing
import Workflow
import WorkflowConcurrency
import WorkflowHostHarness
import TestSupport

// WK4: an AsyncOperationWorker's operation runs once per node; a new key is
// a new node, and so a new run.

@MainActor
@Suite("AsyncOperationWorker (WK4)")
struct AsyncOperationWorkerTests {
    @Test("WK4: the operation runs once however often the parent renders", arguments: RuntimeKind.allCases)
    func runsOnce(kind: RuntimeKind) async {
        let probe = Probe()
        let host = TestHost(kind, OperationParent(probe: probe))
        #expect(await eventually { host.rendering == 1 })

        // New workflow values with a new operation (a new result) each time.
        for generation in 1 ... 3 {
            host.update(workflow: OperationParent(result: 10 + generation, generation: generation, probe: probe))
        }
        await settle()
        #expect(probe.count("operation") == 1)
        #expect(host.rendering == 1)
        #expect(probe.misplacedDeliveries == [])
    }

    @Test("WK4: a new key starts a new node, whose operation runs again", arguments: RuntimeKind.allCases)
    func keyChangeRunsAgain(kind: RuntimeKind) async {
        let probe = Probe()
        let host = TestHost(kind, OperationParent(probe: probe))
        #expect(await eventually { host.rendering == 1 })

        host.update(workflow: OperationParent(key: "key", result: 2, probe: probe))

        #expect(await eventually { host.rendering == 2 })
        #expect(probe.count("operation") == 2)
    }

    // Upstream's `testWorkflowKeyChange`: after the key change, the new run's
    // output sets the state to the value it already has; the host still
    // publishes a rendering for that cascade (S3), with render skipping too.
    @Test("WK4, S3: an output that changes nothing after a key change still publishes a rendering", arguments: RuntimeKind.allCases)
    func keyChangeOutputPublishesRendering(kind: RuntimeKind) async {
        let probe = Probe()
        let host = TestHost(kind, OperationParent(probe: probe))
        host.recordRenderings()
        #expect(await eventually { host.rendering == 1 })

        host.update(workflow: OperationParent(key: "key", result: 1, probe: probe))
        let publishedAfterUpdate = host.publishedRenderings.count
        #expect(await eventually { probe.count("output 1") == 2 })

        #expect(await eventually { host.publishedRenderings.count == publishedAfterUpdate + 1 })
        #expect(host.rendering == 1)
    }
}
