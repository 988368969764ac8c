import Foundation
import InboxExample
import Workflow
import WorkflowReference

// inbox-example [--reference]
//
// Runs the scripted session on `WorkflowHost` and prints, for each step, the
// time it took, how many workflows rendered and the screen it left. With
// `--reference` the same session then runs on `ReferenceWorkflowHost`, which
// re-renders the whole tree on every action, and the two are compared.

extension ReferenceWorkflowHost: InboxHosting where WorkflowType == InboxWorkflow {}

let arguments = CommandLine.arguments.dropFirst()
guard arguments.allSatisfy({ $0 == "--reference" }) else {
    FileHandle.standardError.write(Data("usage: inbox-example [--reference]\n".utf8))
    exit(2)
}
let compareWithReference = arguments.contains("--reference")

func milliseconds(_ duration: Duration) -> Double {
    let (seconds, attoseconds) = duration.components
    return Double(seconds) * 1_000 + Double(attoseconds) / 1e15
}

func printStep(_ number: Int, _ step: StepReport) {
    let time = String(format: "%.2f ms", milliseconds(step.duration))
    print("[\(number)] \(step.title): \(time), \(step.renderCount) rendered (\(step.renderBreakdown))")
    for line in step.screen.split(separator: "\n") { print("    \(line)") }
}

print("WorkflowHost (fast runtime, render skipping on)")
var fastSteps: [StepReport] = []
await ScriptedSession.run(makeHost: { WorkflowHost(workflow: InboxWorkflow(), observers: $0) }) { step in
    fastSteps.append(step)
    printStep(fastSteps.count, step)
}

if compareWithReference {
    var referenceSteps: [StepReport] = []
    await ScriptedSession.run(makeHost: { ReferenceWorkflowHost(workflow: InboxWorkflow(), observers: $0) }) {
        referenceSteps.append($0)
    }
    print("\nThe same session on ReferenceWorkflowHost (the whole tree renders on every action)")
    print("step                        fast ms  rendered   reference ms  rendered  same screen")
    for (fast, reference) in zip(fastSteps, referenceSteps) {
        let title = fast.title.padding(toLength: 26, withPad: " ", startingAt: 0)
        let figures = String(
            format: "%9.2f %9d %14.2f %9d",
            milliseconds(fast.duration), fast.renderCount, milliseconds(reference.duration), reference.renderCount
        )
        print(title + figures + (fast.screen == reference.screen ? "  yes" : "  NO"))
    }
    let fastTotal = fastSteps.reduce(Duration.zero) { $0 + $1.duration }
    let referenceTotal = referenceSteps.reduce(Duration.zero) { $0 + $1.duration }
    print(String(format: "total %.1f ms (fast) vs %.1f ms (reference)", milliseconds(fastTotal), milliseconds(referenceTotal)))
    if zip(fastSteps, referenceSteps).contains(where: { $0.screen != $1.screen }) {
        print("the two runtimes left different screens")
        exit(1)
    }
}
