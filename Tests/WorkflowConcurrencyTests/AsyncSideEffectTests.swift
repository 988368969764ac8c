import Testing
import Workflow
import WorkflowHostHarness
import TestSupport

// R26: `runSideEffect(key:action:)` with an async action: a task per key
// lifetime, cancelled when the key is no longer asked for, when the node
// ends or the host goes away; a skipped node's task keeps running.

@MainActor
@Suite("Async side effects (R26)")
struct AsyncSideEffectTests {
    @Test("R26, R11: the task starts once per key lifetime; later passes asking for the key leave it alone; its result reaches the node on the main actor", arguments: RuntimeKind.allCases)
    func startsOncePerKey(kind: RuntimeKind) async {
        let probe = Probe()
        let gate = Gate()
        let host = TestHost(kind, AsyncEffectParent(key: "a", gate: gate, probe: probe))
        #expect(await eventually { probe.count("start a") == 1 })
        host.update(workflow: AsyncEffectParent(key: "a", gate: gate, probe: probe))
        host.update(workflow: AsyncEffectParent(key: "a", gate: gate, probe: probe))
        gate.open()
        #expect(await eventually { host.rendering == ["done a"] })
        await settle()
        #expect(probe.count("start a") == 1)
        #expect(probe.count("cancelled a") == 0)
        #expect(probe.misplacedDeliveries == [])
        host.release()
        #expect(await eventually { probe.count("cancelled a") == 1 })
    }

    @Test("R26, R12: a pass that no longer asks for the key cancels the task; a new key starts its own", arguments: RuntimeKind.allCases)
    func keyChangeCancels(kind: RuntimeKind) async {
        let probe = Probe()
        let gate = Gate()
        let host = TestHost(kind, AsyncEffectParent(key: "a", gate: gate, probe: probe))
        #expect(await eventually { probe.count("start a") == 1 })
        host.update(workflow: AsyncEffectParent(key: "b", gate: gate, probe: probe))
        #expect(await eventually { probe.count("start b") == 1 })
        gate.open()
        #expect(await eventually { probe.count("cancelled a") == 1 })
        #expect(await eventually { host.rendering == ["done b"] })
        await settle()
        // The cancelled task saw its cancellation before it could send.
        #expect(host.rendering == ["done b"])
        host.update(workflow: AsyncEffectParent(key: nil, gate: gate, probe: probe))
        #expect(await eventually { probe.count("cancelled b") == 1 })
    }

    @Test("R26, R10: releasing the host cancels a task still at work", arguments: RuntimeKind.allCases)
    func hostReleaseCancels(kind: RuntimeKind) async {
        let probe = Probe()
        let gate = Gate()
        let host = TestHost(kind, AsyncEffectParent(key: "a", gate: gate, probe: probe))
        #expect(await eventually { probe.count("start a") == 1 })
        host.release()
        gate.open()
        #expect(await eventually { probe.count("cancelled a") == 1 })
        #expect(probe.count("output done a") == 0)
    }

    @Test("R26, S2: the task of a skipped node keeps running and its result still reaches the root", arguments: RuntimeKind.allCases)
    func skippedNodeKeepsTask(kind: RuntimeKind) async {
        let probe = Probe()
        let gate = Gate()
        let host = TestHost(kind, AsyncEffectRoot(gate: gate, probe: probe))
        #expect(await eventually { probe.count("start holder") == 1 })
        host.rendering.bump()
        host.rendering.bump()
        #expect(probe.count("holder render") == (kind.skipsRenders ? 1 : 3))
        gate.open()
        #expect(await eventually { host.rendering.messages == ["done holder"] })
        await settle()
        #expect(probe.count("start holder") == 1)
        #expect(probe.count("cancelled holder") == 0)
        #expect(probe.misplacedDeliveries == [])
        host.release()
        #expect(await eventually { probe.count("cancelled holder") == 1 })
    }
}
