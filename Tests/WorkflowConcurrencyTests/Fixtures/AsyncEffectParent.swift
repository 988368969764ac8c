import Workflow
import TestSupport

/// Runs one async side effect under `key`, when set. Its action records
/// "start KEY", waits for `gate`, sends "done KEY" to the node on the main
/// actor, then sleeps until cancelled and records "cancelled KEY". The
/// rendering is every message received, in order.
struct AsyncEffectParent: Workflow {
    var key: String?
    var gate: Gate
    var probe: Probe

    typealias State = [String]

    func makeInitialState() -> [String] { [] }

    func render(state: [String], context: RenderContext<AsyncEffectParent>) -> [String] {
        probe.rendering {
            let sink = context.makeSink(of: AnyWorkflowAction<AsyncEffectParent>.self)
            if let key {
                context.runSideEffect(key: key) { [gate, probe] in
                    await runLoggedEffect(key, gate: gate, probe: probe) { message in
                        sink.send(AnyWorkflowAction { state, context in
                            context[workflowValue: \.probe].delivered(message)
                            state.append(message)
                            return nil
                        })
                    }
                }
            }
            return state
        }
    }
}

/// The action of the async side effects of these tests: real async work
/// (a wait, a hop to the main actor), then a wait for cancellation.
func runLoggedEffect(_ key: String, gate: Gate, probe: Probe, send: @escaping @MainActor (String) -> Void) async {
    probe.record("start \(key)")
    await gate.wait()
    guard !Task.isCancelled else {
        probe.record("cancelled \(key)")
        return
    }
    await MainActor.run { send("done \(key)") }
    while !Task.isCancelled {
        try? await Task.sleep(for: .milliseconds(5))
    }
    probe.record("cancelled \(key)")
}

/// The root of a tree whose middle node never changes: a counter the test
/// bumps, and the messages that came up from the async side effect of
/// `EffectHolder`.
struct AsyncEffectRoot: Workflow {
    var gate: Gate
    var probe: Probe

    struct State {
        var count = 0
        var messages: [String] = []
    }

    struct Rendering {
        var count: Int
        var messages: [String]
        var bump: () -> Void
    }

    func makeInitialState() -> State { State() }

    func render(state: State, context: RenderContext<AsyncEffectRoot>) -> Rendering {
        probe.rendering {
            EffectHolder(gate: gate, probe: probe)
                .running(in: context) { message in
                    AnyWorkflowAction<AsyncEffectRoot> { state, context in
                        context[workflowValue: \.probe].delivered(message)
                        state.messages.append(message)
                        return nil
                    }
                }
            let sink = context.makeStateMutationSink()
            return Rendering(count: state.count, messages: state.messages, bump: { sink.send { $0.count += 1 } })
        }
    }
}

/// Stateless, with props equal from one render of the root to the next:
/// skipped after its first render on a runtime that skips (S2), while its
/// async side effect keeps running and its output sink keeps working.
struct EffectHolder: Workflow, Equatable {
    var gate: Gate
    var probe: Probe

    typealias State = Void
    typealias Output = String

    func render(state: Void, context: RenderContext<EffectHolder>) {
        probe.record("holder render")
        let sink = context.makeOutputSink()
        context.runSideEffect(key: "holder") { [gate, probe] in
            await runLoggedEffect("holder", gate: gate, probe: probe) { sink.send($0) }
        }
    }

    static func == (lhs: EffectHolder, rhs: EffectHolder) -> Bool {
        lhs.probe === rhs.probe && lhs.gate === rhs.gate
    }
}
