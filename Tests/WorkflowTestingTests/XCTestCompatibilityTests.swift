import Workflow
import WorkflowTesting
import XCTest

/// The testers' failures reach XCTest too: each test here records the
/// failures XCTest receives instead of failing, and checks them.
final class XCTestCompatibilityTests: XCTestCase {
    private var recordedFailures: [String] = []
    private var capturesFailures = false

    override func recordFailure(withDescription description: String, inFile filePath: String, atLine lineNumber: Int, expected: Bool) {
        if capturesFailures {
            recordedFailures.append(description)
        } else {
            super.recordFailure(withDescription: description, inFile: filePath, atLine: lineNumber, expected: expected)
        }
    }

    /// The failures XCTest received while `body` ran.
    private func failures(_ body: () -> Void) -> [String] {
        recordedFailures = []
        capturesFailures = true
        body()
        capturesFailures = false
        return recordedFailures
    }

    func test_T9_actionTesterFailureReachesXCTest() {
        let recorded = failures {
            Thermostat.Action
                .tester(withState: 1)
                .send(action: .report)
                .assertNoOutput()
        }
        XCTAssertEqual(recorded.count, 1)
        XCTAssertTrue(recorded.first?.contains(#"Expected no output, but got reading("1")."#) ?? false, "\(recorded)")
    }

    func test_T7_renderTesterFailureReachesXCTest() {
        let recorded = failures {
            SideEffectWorkflow(keys: [])
                .renderTester()
                .expectSideEffect(key: "xctest-key")
                .render { _ in }
        }
        XCTAssertEqual(recorded.count, 1)
        XCTAssertTrue(recorded.first?.contains(#"Expected side-effect with key: "xctest-key""#) ?? false, "\(recorded)")
    }

    func test_T9_diffReachesXCTest() {
        let recorded = failures {
            TapCounter()
                .renderTester(initialState: 1)
                .render { _ in }
                .assert(state: 2)
        }
        XCTAssertEqual(recorded.count, 1)
        XCTAssertTrue(recorded.first?.contains("State (First) does not match the expected state (Second)") ?? false, "\(recorded)")
    }

    func test_passingChecksRecordNothing() {
        let recorded = failures {
            TapCounter(step: 2)
                .renderTester(initialState: 1)
                .render { $0.actions.send(.tap) }
                .assert(state: 3)
                .assert(action: TapCounter.Action.tap)
                .assertNoOutput()
        }
        XCTAssertEqual(recorded, [])
    }
}
