import TestSupport
import Testing
import Workflow
import WorkflowTesting

/// Counts its renders and its `workflowDidChange` calls, through a box the
/// test keeps.
private final class CallCounts {
    var renders = 0
    var didChanges = 0
    var initialStates = 0
}

private struct CountedWorkflow: Workflow {
    let counts: CallCounts
    var label: String

    typealias State = Int

    func makeInitialState() -> Int {
        counts.initialStates += 1
        return 7
    }

    func workflowDidChange(from previousWorkflow: CountedWorkflow, state: inout Int) {
        counts.didChanges += 1
    }

    func render(state: Int, context: RenderContext<CountedWorkflow>) -> String {
        counts.renders += 1
        return "\(label) \(state)"
    }
}

@Suite("RenderTester: one render against mocked children")
struct RenderTesterChildTests {
    // MARK: T1

    @Test("T1: render calls the workflow's render once with the given state; no workflowDidChange")
    func rendersOnceFromTheGivenState() {
        let counts = CallCounts()
        var seen: String?
        CountedWorkflow(counts: counts, label: "count")
            .renderTester(initialState: 41)
            .render { seen = $0 }
            .assert(state: 41)
            .assertNoAction()
            .assertNoOutput()
        #expect(seen == "count 41")
        #expect(counts.renders == 1)
        #expect(counts.didChanges == 0)
        #expect(counts.initialStates == 0)
    }

    @Test("T1: renderTester() takes its state from makeInitialState()")
    func renderTesterWithoutStateUsesInitialState() {
        let counts = CallCounts()
        CountedWorkflow(counts: counts, label: "initial")
            .renderTester()
            .render { #expect($0 == "initial 7") }
            .assert(state: 7)
        #expect(counts.initialStates == 1)
        #expect(counts.renders == 1)
    }

    @Test("T1: a tester is an immutable value; each render starts from the tester's own state")
    func testerIsReusable() {
        let tester = TapCounter().renderTester(initialState: 5)
        tester.render { $0.actions.send(.tap) }.assert(state: 6)
        tester.render { $0.actions.send(.tap) }.assert(state: 6)
        tester.render { #expect($0.count == 5) }.assertNoAction()
    }

    @Test("T1: an expected child is not rendered; the expectation's rendering stands in for it")
    func childIsMocked() {
        ChildAskingWorkflow(requests: [.greeting("ada")])
            .renderTester()
            .expectWorkflow(type: GreetingChild.self, producingRendering: "mock")
            .render { #expect($0 == ["mock"]) }
            .assertNoAction()
            .assert(state: .init())
    }

    // MARK: T2

    @Test("T2: children are matched by concrete type and key, in any order")
    func keyedChildrenMatchByKey() {
        ChildAskingWorkflow(requests: [.greeting("ada", key: "a"), .greeting("bob", key: "b"), .greeting("cy")])
            .renderTester()
            .expectWorkflow(type: GreetingChild.self, key: "b", producingRendering: "B") { #expect($0.name == "bob") }
            .expectWorkflow(type: GreetingChild.self, producingRendering: "C") { #expect($0.name == "cy") }
            .expectWorkflow(type: GreetingChild.self, key: "a", producingRendering: "A") { #expect($0.name == "ada") }
            .render { #expect($0 == ["A", "B", "C"]) }
    }

    @Test("T2: a child asked for through AnyWorkflow, mapOutput or mapRendering is expected as its concrete type")
    func erasedChildrenAreUnwrapped() {
        ChildAskingWorkflow(requests: [.erasedGreeting("ada", key: "erased"), .mappedGreeting("bob", key: "mapped")])
            .renderTester()
            .expectWorkflow(type: GreetingChild.self, key: "erased", producingRendering: "E") { #expect($0.name == "ada") }
            .expectWorkflow(type: GreetingChild.self, key: "mapped", producingRendering: "M", producingOutput: .greeted("bob"))
            .render { #expect($0 == ["E", "mapped M"]) }
            .assert(action: ChildAskingWorkflow.Action.greeted("bob"))
            .assert(state: .init(log: ["greeted bob"]))
    }

    @Test("T2: an unexpected Void-rendering child is reported, answered with (), and the render goes on")
    func unexpectedVoidChild() {
        let message = #"Attempted to render unexpected Workflow of type HeartbeatChild with key "". If this child Workflow is expected, please add a call to `expectWorkflow(...)` with the appropriate parameters before invoking `render()`."#
        let result = expectIssue(message) {
            ChildAskingWorkflow(requests: [.heartbeat(3), .greeting("ada", key: "g")])
                .renderTester()
                .expectWorkflow(type: GreetingChild.self, key: "g", producingRendering: "G")
                .render { #expect($0 == ["heartbeat", "G"]) }
        }
        result.assertNoAction()
    }

    @Test("T2: the hint names the one key expected for the same type")
    func hintSameTypeOneOtherKey() {
        expectIssues([
            #"Attempted to render unexpected Workflow of type PingChild with key "actual". Expecting key "expected"."#,
            #"Expected child workflow of type: PingChild, key: "expected""#,
        ]) {
            ChildAskingWorkflow(requests: [.ping(key: "actual")])
                .renderTester()
                .expectWorkflow(type: PingChild.self, key: "expected", producingRendering: ())
                .render { _ in }
        }
    }

    @Test("T2: the hint lists the keys expected for the same type")
    func hintSameTypeSeveralOtherKeys() {
        expectIssues([
            #"Attempted to render unexpected Workflow of type PingChild with key "actual". Expecting key in "["one", "two"]"."#,
            #"Expected child workflow of type: PingChild, key: "one""#,
            #"Expected child workflow of type: PingChild, key: "two""#,
        ]) {
            ChildAskingWorkflow(requests: [.ping(key: "actual")])
                .renderTester()
                .expectWorkflow(type: PingChild.self, key: "one", producingRendering: ())
                .expectWorkflow(type: PingChild.self, key: "two", producingRendering: ())
                .render { _ in }
        }
    }

    @Test("T2: the hint names the one other type expected under the same key")
    func hintSameKeyOneOtherType() {
        expectIssues([
            #"Attempted to render unexpected Workflow of type PingChild with key "k". Found expectation of type PongChild for key "k"."#,
            #"Expected child workflow of type: PongChild, key: "k""#,
        ]) {
            ChildAskingWorkflow(requests: [.ping(key: "k")])
                .renderTester()
                .expectWorkflow(type: PongChild.self, key: "k", producingRendering: ())
                .render { _ in }
        }
    }

    @Test("T2: the hint lists the other types expected under the same key")
    func hintSameKeySeveralOtherTypes() {
        expectIssues([
            #"Attempted to render unexpected Workflow of type PingChild with key "k". Found expectations for types ["#,
            #"Expected child workflow of type: PongChild, key: "k""#,
            #"Expected child workflow of type: HeartbeatChild, key: "k""#,
        ]) {
            ChildAskingWorkflow(requests: [.ping(key: "k")])
                .renderTester()
                .expectWorkflow(type: PongChild.self, key: "k", producingRendering: ())
                .expectWorkflow(type: HeartbeatChild.self, key: "k", producingRendering: ())
                .render { _ in }
        }
    }

    @Test("T2: an expectation is used once; the same child asked for again is unexpected")
    func expectationIsConsumed() {
        expectIssue(#"Attempted to render unexpected Workflow of type PingChild with key "twice""#) {
            ChildAskingWorkflow(requests: [.ping(key: "twice"), .ping(key: "twice")])
                .renderTester()
                .expectWorkflow(type: PingChild.self, key: "twice", producingRendering: ())
                .render { #expect($0 == ["ping", "ping"]) }
        }
    }

    @Test("T2: the same (type, key) rendered twice against two expectations is reported, not fatal")
    func duplicateChildIsReported() {
        expectIssue(#"Multiple Workflows of type GreetingChild with key "dup" used in the same render call. Use a unique key to render multiple Workflows of the same type."#) {
            ChildAskingWorkflow(requests: [.greeting("ada", key: "dup"), .greeting("bob", key: "dup")])
                .renderTester()
                .expectWorkflow(type: GreetingChild.self, key: "dup", producingRendering: "first")
                .expectWorkflow(type: GreetingChild.self, key: "dup", producingRendering: "second")
                .render { #expect($0 == ["first", "second"]) }
        }
    }

    @Test("T2: the same type under different keys is not a duplicate")
    func sameTypeDifferentKeysIsFine() {
        ChildAskingWorkflow(requests: [.ping(key: "0"), .ping(key: "1")])
            .renderTester()
            .expectWorkflow(type: PingChild.self, key: "0", producingRendering: ())
            .expectWorkflow(type: PingChild.self, key: "1", producingRendering: ())
            .render { #expect($0 == ["ping", "ping"]) }
    }

    // MARK: T3

    @Test("T3: a mocked output goes through the parent's outputMap during render and its action is applied")
    func mockedOutputIsApplied() {
        ChildAskingWorkflow(requests: [.greeting("ada")])
            .renderTester(initialState: .init(log: ["before"]))
            .expectWorkflow(type: GreetingChild.self, producingRendering: "G", producingOutput: .greeted("ada"))
            .render { #expect($0 == ["G"]) }
            .assert(action: ChildAskingWorkflow.Action.greeted("ada"))
            .assert(state: .init(log: ["before", "greeted ada"]))
            .assertNoOutput()
    }

    @Test("T3: an action a mocked output maps to may produce the parent's output")
    func mockedOutputReachesParentOutput() {
        ChildAskingWorkflow(requests: [.greeting("ada")])
            .renderTester()
            .expectWorkflow(type: GreetingChild.self, producingRendering: "G", producingOutput: .failed)
            .render { _ in }
            .assert(action: ChildAskingWorkflow.Action.childFailed)
            .assert(output: "gave up")
            .verifyState { #expect($0.log == ["child failed"]) }
    }

    @Test("T3: a Void child's mocked output reaches the parent too")
    func voidChildOutput() {
        ChildAskingWorkflow(requests: [.heartbeat(5)])
            .renderTester()
            .expectWorkflow(type: HeartbeatChild.self, producingRendering: (), producingOutput: 12) { #expect($0.interval == 5) }
            .render { #expect($0 == ["heartbeat"]) }
            .assert(action: ChildAskingWorkflow.Action.beat(12))
    }

    @Test("T3: the assertions closure receives the child workflow value the parent asked for")
    func assertionsSeeTheChildValue() {
        var names: [String] = []
        ChildAskingWorkflow(requests: [.greeting("grace", key: "g")])
            .renderTester()
            .expectWorkflow(type: GreetingChild.self, key: "g", producingRendering: "") { names.append($0.name) }
            .render { _ in }
        #expect(names == ["grace"])
    }

    @Test("T3: a failure inside an expectation's assertions fails the test")
    func failingChildAssertion() {
        expectIssue("the child's name is wrong") {
            ChildAskingWorkflow(requests: [.greeting("grace")])
                .renderTester()
                .expectWorkflow(type: GreetingChild.self, producingRendering: "") { child in
                    if child.name != "ada" {
                        Issue.record("the child's name is wrong")
                    }
                }
                .render { _ in }
        }
    }

    // MARK: expectWorkflowIgnoringOutput

    @Test("T2: expectWorkflowIgnoringOutput matches a child asked for with ignoringOutput(); assertions see the child")
    func ignoringOutput() {
        var names: [String] = []
        ChildAskingWorkflow(requests: [.quietGreeting("lin", key: "quiet")])
            .renderTester()
            .expectWorkflowIgnoringOutput(type: GreetingChild.self, key: "quiet", producingRendering: "Q") { names.append($0.name) }
            .render { #expect($0 == ["Q"]) }
            .assertNoAction()
            .assertNoOutput()
        #expect(names == ["lin"])
    }

    @Test("T2: an AnyWorkflow whose output is ignored is expected as the AnyWorkflow, not as the workflow it wraps")
    func ignoringOutputOfErasedChild() {
        var names: [String] = []
        ChildAskingWorkflow(requests: [.quietErasedGreeting("kit", key: "erased")])
            .renderTester()
            .expectWorkflowIgnoringOutput(
                type: AnyWorkflow<String, GreetingChild.Output>.self,
                key: "erased",
                producingRendering: "EQ"
            ) { child in
                names.append((child.base as? GreetingChild)?.name ?? "not a GreetingChild")
            }
            .render { #expect($0 == ["EQ"]) }
            .assertNoAction()
            .assertNoOutput()
        #expect(names == ["kit"])
    }

    @Test("T2: expectWorkflowIgnoringOutput does not match a child whose output is not ignored")
    func ignoringOutputIsAnotherType() {
        expectIssues([
            #"Attempted to render unexpected Workflow of type HeartbeatChild with key "". Found expectation of type OutputBlockingWorkflow<HeartbeatChild> for key ""."#,
            #"Expected child workflow of type: OutputBlockingWorkflow<HeartbeatChild>, key: """#,
        ]) {
            ChildAskingWorkflow(requests: [.heartbeat(1)])
                .renderTester()
                .expectWorkflowIgnoringOutput(type: HeartbeatChild.self, producingRendering: ())
                .render { _ in }
        }
    }

    // MARK: T7

    @Test("T7: a child expected but not asked for is reported after render")
    func missingChild() {
        var assertionsRan = false
        let result = expectIssue(#"Expected child workflow of type: GreetingChild, key: "absent""#) {
            ChildAskingWorkflow(requests: [])
                .renderTester()
                .expectWorkflow(type: GreetingChild.self, key: "absent", producingRendering: "x") { _ in assertionsRan = true }
                .render { #expect($0.isEmpty) }
        }
        result.assertNoAction()
        #expect(!assertionsRan)
    }
}
