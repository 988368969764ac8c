import Foundation
import Testing
@testable import Workflow

// The invariant walk runs after every cascade in debug builds (so in every
// test here); these tests break an invariant on purpose and check that the
// walk stops the program, saying which one.

private struct WalkedParentEmu: Workflow {
    typealias State = Void

    func render(state: Void, context: RenderContext<WalkedParentEmu>) -> Sink<AnyWorkflowAction<WalkedChildRhea>> {
        WalkedChildRhea().rendered(in: context, key: "rhea-key")
    }
}

private struct WalkedChildRhea: Workflow, Equatable {
    func makeInitialState() -> Int { 0 }

    func render(state: Int, context: RenderContext<WalkedChildRhea>) -> Sink<AnyWorkflowAction<WalkedChildRhea>> {
        context.makeSink(of: AnyWorkflowAction<WalkedChildRhea>.self)
    }
}

private func standardError(_ result: ExitTest.Result?) -> String {
    String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
}

@MainActor
@Suite("Invariant walk")
struct InvariantTests {
    @Test("The walk passes on a healthy tree after a cascade")
    func healthyTree() {
        let host = WorkflowHost(workflow: WalkedParentEmu())
        host.rendering.send(AnyWorkflowAction { (count: inout Int) -> Never? in
            count += 1
            return nil
        })
        host.port.runtime.checkInvariants()
    }

    @Test("A dirty node under a clean parent is caught, naming the node")
    func dirtyUnderClean() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            await MainActor.run {
                let host = WorkflowHost(workflow: WalkedParentEmu())
                let runtime = host.port.runtime
                let child = runtime.tree.nodes[runtime.root].firstChild
                runtime.tree.nodes[child].markNeedsRender()
                runtime.checkInvariants()
            }
        }
        let message = standardError(result)
        #expect(message.contains("invariant broken"))
        #expect(message.contains("WalkedChildRhea"))
        #expect(message.contains("needs a render but its parent does not"))
    }

    @Test("A free slot missing from the free list is caught")
    func lostFreeSlot() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            await MainActor.run {
                let host = WorkflowHost(workflow: WalkedParentEmu())
                let runtime = host.port.runtime
                runtime.tree.nodes.append(NodeRecord(typeIndex: TypeIndex.free, parent: .none, generation: 0), key: "")
                runtime.checkInvariants()
            }
        }
        #expect(standardError(result).contains("free slots missing from the free list"))
    }

    @Test("S2 broken on purpose (a dirty child skipped) is caught by the walk after the cascade")
    func faultSwitchCaught() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            await MainActor.run {
                let host = WorkflowHost(workflow: WalkedParentEmu())
                FaultInjection.skipDirtyChild = true
                FaultInjection.checksInvariantsAnyway = true
                host.rendering.send(AnyWorkflowAction { (count: inout Int) -> Never? in
                    count += 1
                    return nil
                })
            }
        }
        #expect(standardError(result).contains("needs a render but its parent does not"))
    }
}
