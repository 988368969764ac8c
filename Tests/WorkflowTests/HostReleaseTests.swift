import Foundation
import Testing
import Workflow
import WorkflowHostHarness

// R10 under misuse: a host released by code the host itself is running (an
// apply, an output map, an observer hook, a rendering or output observer, an
// onEnded) ends the cascade cleanly on every runtime: nothing more is
// applied, rendered or published, and every lifetime ends once the cascade
// has unwound. Exit tests, so that a crash fails one case alone.

/// Where the host gets released.
enum ReleasePoint: String, CaseIterable, Codable, Sendable, CustomTestStringConvertible {
    case childApply, outputMap, rootApply, observerDidReceiveAction, observerWillApplyAction
    case renderingObserver, outputObserver, onEnded

    var testDescription: String { rawValue }
}

/// What the released host did, counted from outside.
@MainActor
private enum ReleaseLog {
    static var point = ReleasePoint.childApply
    static var host: AnyObject?
    static var released = false
    static var started = 0
    static var ended = 0
    static var afterRelease: [String] = []

    static func release(at here: ReleasePoint) {
        guard point == here, host != nil else { return }
        host = nil
        released = true
    }

    static func note(_ event: String) {
        if released { afterRelease.append(event) }
    }
}

private struct ReleasingRootOtter: Workflow {
    typealias Output = Int

    func makeInitialState() -> Int { 0 }

    func render(state: Int, context: RenderContext<ReleasingRootOtter>) -> Sink<ChildAction> {
        MainActor.assumeIsolated { ReleaseLog.note("render root") }
        context.runSideEffect(key: "root") { lifetime in
            MainActor.assumeIsolated { ReleaseLog.started += 1 }
            lifetime.onEnded { MainActor.assumeIsolated { ReleaseLog.ended += 1 } }
        }
        return ReleasingChildBeaver(shows: state == 0)
            .mapOutput { value -> RootAction in
                MainActor.assumeIsolated { ReleaseLog.release(at: .outputMap) }
                return RootAction(value: value)
            }
            .rendered(in: context, key: "beaver-key-1")
    }
}

private struct RootAction: WorkflowAction {
    typealias WorkflowType = ReleasingRootOtter
    var value: Int

    func apply(toState state: inout Int, context: ApplyContext<ReleasingRootOtter>) -> Int? {
        MainActor.assumeIsolated {
            ReleaseLog.note("apply root")
            ReleaseLog.release(at: .rootApply)
        }
        state += value
        return state
    }
}

/// A child whose side effect ends when the root's state changes, so its
/// `onEnded` runs inside the cascade's render pass.
private struct ReleasingChildBeaver: Workflow, Equatable {
    var shows: Bool
    typealias Output = Int

    func makeInitialState() -> Int { 0 }

    func render(state: Int, context: RenderContext<ReleasingChildBeaver>) -> Sink<ChildAction> {
        MainActor.assumeIsolated { ReleaseLog.note("render child") }
        if shows {
            context.runSideEffect(key: "child") { lifetime in
                MainActor.assumeIsolated { ReleaseLog.started += 1 }
                lifetime.onEnded {
                    MainActor.assumeIsolated {
                        ReleaseLog.ended += 1
                        ReleaseLog.release(at: .onEnded)
                    }
                }
            }
        }
        return context.makeSink(of: ChildAction.self)
    }
}

private struct ChildAction: WorkflowAction {
    typealias WorkflowType = ReleasingChildBeaver

    func apply(toState state: inout Int, context: ApplyContext<ReleasingChildBeaver>) -> Int? {
        MainActor.assumeIsolated {
            ReleaseLog.note("apply child")
            ReleaseLog.release(at: .childApply)
        }
        state += 1
        return 5
    }
}

private final class ReleasingObserver: WorkflowObserver {
    func workflowDidReceiveAction<Action: WorkflowAction>(_ action: Action, workflow: Action.WorkflowType, session: WorkflowSession) {
        MainActor.assumeIsolated { ReleaseLog.release(at: .observerDidReceiveAction) }
    }

    func workflowWillApplyAction<Action: WorkflowAction>(
        _ action: Action,
        workflow: Action.WorkflowType,
        state: Action.WorkflowType.State,
        session: WorkflowSession
    ) -> ((Action.WorkflowType.State, Action.WorkflowType.Output?) -> Void)? {
        MainActor.assumeIsolated { ReleaseLog.release(at: .observerWillApplyAction) }
        return nil
    }
}

@MainActor
@Suite("Host released during its own cascade")
struct HostReleaseTests {
    @Test(
        "R10: a host released from inside its cascade stops it cleanly: nothing more runs, every lifetime ends",
        arguments: RuntimeKind.allCases, ReleasePoint.allCases
    )
    func releasedInsideCascade(kind: RuntimeKind, point: ReleasePoint) async {
        let result = await #expect(processExitsWith: .success, observing: [\.standardOutputContent]) { [kind, point] in
            await MainActor.run {
                ReleaseLog.point = point
                var host: TestHost<ReleasingRootOtter>? = TestHost(kind, ReleasingRootOtter(), observers: [ReleasingObserver()])
                let renderings = host!.observeRenderings { _ in
                    ReleaseLog.note("published")
                    ReleaseLog.release(at: .renderingObserver)
                }
                let outputs = host!.observeOutputs { _ in
                    ReleaseLog.note("output")
                    ReleaseLog.release(at: .outputObserver)
                }
                let sink = host!.rendering
                ReleaseLog.host = host
                host = nil
                sink.send(ChildAction())
                // A later send reaches a dead sink.
                sink.send(ChildAction())
                withExtendedLifetime((renderings, outputs)) {}
                print("released \(ReleaseLog.released) started \(ReleaseLog.started) ended \(ReleaseLog.ended) after [\(ReleaseLog.afterRelease.joined(separator: ", "))]")
            }
        }
        let output = String(decoding: result?.standardOutputContent ?? [], as: UTF8.self)
        #expect(output.contains("released true started 2 ended 2 after []"), "\(output)")
    }
}
