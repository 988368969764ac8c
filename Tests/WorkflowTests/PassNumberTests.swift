import Testing
@testable import Workflow

// Render-pass numbers start again from 1 before they could wrap: a child,
// a side effect and a sink keep or lose their place across the renumbering
// exactly as across any other pass (R9, R12, R13).

nonisolated(unsafe) private var effectsStarted = 0
nonisolated(unsafe) private var effectsEnded = 0

/// Shows its child while its count is even; the child runs a side effect.
private struct TogglingParentKiwi: Workflow {
    func makeInitialState() -> Int { 0 }

    struct Screen {
        var count: Int
        var child: Sink<AnyWorkflowAction<CountingChildWeka>>?
        var bump: Sink<AnyWorkflowAction<TogglingParentKiwi>>
    }

    func render(state: Int, context: RenderContext<TogglingParentKiwi>) -> Screen {
        let child = state % 2 == 0 ? CountingChildWeka().rendered(in: context, key: "weka") : nil
        return Screen(count: state, child: child, bump: context.makeSink(of: AnyWorkflowAction<TogglingParentKiwi>.self))
    }
}

private struct CountingChildWeka: Workflow {
    func makeInitialState() -> Int { 0 }

    func render(state: Int, context: RenderContext<CountingChildWeka>) -> Sink<AnyWorkflowAction<CountingChildWeka>> {
        context.runSideEffect(key: "weka-effect") { lifetime in
            effectsStarted += 1
            lifetime.onEnded { effectsEnded += 1 }
        }
        return context.makeSink(of: AnyWorkflowAction<CountingChildWeka>.self)
    }
}

@MainActor
@Suite("Render-pass numbers")
struct PassNumberTests {
    @Test("R9, R12, R13: children, side effects and sinks behave the same across the renumbering of render passes")
    func renumbering() {
        effectsStarted = 0
        effectsEnded = 0
        let host = WorkflowHost(workflow: TogglingParentKiwi())
        let runtime = host.port.runtime
        let parentSink = host.rendering.bump
        runtime.passes.jump(to: PassStack.renumberingThreshold - 3)

        for step in 1...8 {
            // The parent's sink made before the renumbering still works.
            parentSink.send(AnyWorkflowAction { (count: inout Int) -> Never? in
                count += 1
                return nil
            })
            let shown = host.rendering.count % 2 == 0
            #expect((host.rendering.child != nil) == shown, "step \(step)")
            #expect(effectsStarted - effectsEnded == (shown ? 1 : 0), "step \(step)")
            #expect(effectsStarted == 1 + step / 2, "step \(step)")
        }
        // It happened: the counter started again from 1.
        #expect(runtime.passes.lastPass < 100)
    }

    @Test("R13: a sink declared in every pass stays live across the renumbering; one no longer declared goes quiet")
    func sinksAcrossRenumbering() {
        let host = WorkflowHost(workflow: TogglingParentKiwi())
        let runtime = host.port.runtime
        let childSink = host.rendering.child!
        runtime.passes.jump(to: PassStack.renumberingThreshold + 1)
        // A change in the child alone: the renumbering runs before its pass.
        childSink.send(AnyWorkflowAction { (count: inout Int) -> Never? in
            count += 1
            return nil
        })
        #expect(runtime.passes.lastPass < 100)
        #expect(host.rendering.child != nil)
        // Hide the child: its sink is dead; showing it again makes a new node.
        host.rendering.bump.send(AnyWorkflowAction { (count: inout Int) -> Never? in
            count += 1
            return nil
        })
        #expect(host.rendering.child == nil)
    }
}
