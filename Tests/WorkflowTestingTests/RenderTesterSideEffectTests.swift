import TestSupport
import Testing
import Workflow
import WorkflowTesting

@Suite("RenderTester: side effects")
struct RenderTesterSideEffectTests {
    @Test("T4: an expected side effect is consumed and its closure never runs")
    func expectedSideEffect() {
        SideEffectWorkflow(keys: ["upload", LogUploadKey(batch: 3)])
            .renderTester()
            .expectSideEffect(key: LogUploadKey(batch: 3))
            .expectSideEffect(key: "upload")
            .render { #expect($0 == 2) }
            .assertNoAction()
            .assert(state: [])
    }

    @Test("T4, R26: an async side effect is expected by its key like any other, and its action never runs")
    func expectedAsyncSideEffect() async {
        AsyncSideEffectWorkflow(keys: ["poll", "sync"])
            .renderTester()
            .expectSideEffect(key: "sync")
            .expectSideEffect(key: "poll")
            .render { #expect($0 == 2) }
            .assertNoAction()
        // Time for a task, had one been started, to run and report.
        try? await Task.sleep(for: .milliseconds(50))
        expectIssue(#"Unexpected side-effect with key "poll""#) {
            AsyncSideEffectWorkflow(keys: ["poll"])
                .renderTester()
                .render { _ in }
        }
    }

    @Test("T4: producingAction sends the action when the side effect is asked for; it is applied at once")
    func sideEffectProducingAction() {
        SideEffectWorkflow(keys: [LogUploadKey(batch: 1)])
            .renderTester()
            .expectSideEffect(key: LogUploadKey(batch: 1), producingAction: SideEffectWorkflow.Action.record("uploaded"))
            .render { _ in }
            .assert(action: SideEffectWorkflow.Action.record("uploaded"))
            .assert(state: ["uploaded"])
    }

    @Test("T4: expecting a key again replaces the earlier expectation")
    func reExpectingReplaces() {
        SideEffectWorkflow(keys: ["k"])
            .renderTester()
            .expectSideEffect(key: "k", producingAction: SideEffectWorkflow.Action.record("first"))
            .expectSideEffect(key: "k", producingAction: SideEffectWorkflow.Action.record("second"))
            .render { _ in }
            .assert(state: ["second"])
    }

    @Test("T4: an unexpected side effect is reported with its key")
    func unexpectedSideEffect() {
        expectIssue(#"Unexpected side-effect with key "surprise""#) {
            SideEffectWorkflow(keys: ["surprise"])
                .renderTester()
                .render { _ in }
        }
    }

    @Test("T4: a side effect asked for twice uses its expectation once; the second is unexpected")
    func sideEffectAskedTwice() {
        expectIssue(#"Unexpected side-effect with key "twice""#) {
            SideEffectWorkflow(keys: ["twice", "twice"])
                .renderTester()
                .expectSideEffect(key: "twice")
                .render { _ in }
        }
    }

    @Test("T4, T7: a mismatched key is reported both as unexpected and as missing")
    func mismatchedKey() {
        expectIssues([
            #"Unexpected side-effect with key "actual""#,
            #"Expected side-effect with key: "expected""#,
        ]) {
            SideEffectWorkflow(keys: ["actual"])
                .renderTester()
                .expectSideEffect(key: "expected")
                .render { _ in }
        }
    }

    @Test("T7: a side effect expected but not asked for is reported after render")
    func missingSideEffect() {
        expectIssues([
            #"Expected side-effect with key: "never""#,
            #"Expected side-effect with key: "also never""#,
        ]) {
            SideEffectWorkflow(keys: [])
                .renderTester()
                .expectSideEffect(key: "never")
                .expectSideEffect(key: "also never", producingAction: SideEffectWorkflow.Action.record("x"))
                .render { _ in }
                .assertNoAction()
        }
    }
}
