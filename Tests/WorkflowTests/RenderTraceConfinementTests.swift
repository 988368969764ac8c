import Dispatch
import Testing
import Workflow
import WorkflowDiagnostics

// A render trace belongs to the main queue (R22, D1): every public member
// checks where it is called, so that a read or an export from another
// thread stops with R22's message instead of racing the recorder.

private struct Wren: Workflow {
    typealias State = Void
    func render(state: Void, context: RenderContext<Wren>) -> Int { 1 }
}

/// What the exit test does to the trace off the main queue.
enum OffQueueTraceUse: String, CaseIterable, Codable, Sendable {
    case create, passes, lastPass, removeAll, bytesInUse, summary, chromeTraceJSON, perfettoTrace
    case writeChromeTraceToStream, writeChromeTraceToFile, writePerfettoTraceToChunks, writePerfettoTraceToFile

    /// The member R22's message names.
    var member: String {
        switch self {
        case .create: "A RenderTrace was created"
        case .writeChromeTraceToStream: "RenderTrace.writeChromeTrace(to:within:)"
        case .writeChromeTraceToFile: "RenderTrace.writeChromeTrace(toFile:within:)"
        case .writePerfettoTraceToChunks: "RenderTrace.writePerfettoTrace(within:to:)"
        case .writePerfettoTraceToFile: "RenderTrace.writePerfettoTrace(toFile:within:)"
        default: "RenderTrace.\(rawValue)"
        }
    }
}

@MainActor
@Suite("Render trace confinement")
struct RenderTraceConfinementTests {
    @Test("R22, D1: every public member of a render trace used off the main queue stops the program with R22's message naming the member", arguments: OffQueueTraceUse.allCases)
    func offTheMainQueue(use: OffQueueTraceUse) async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) { [use] in
            await MainActor.run {
                let trace = RenderTrace()
                let host = WorkflowHost(workflow: Wren(), renderTrace: trace)
                // On the main thread, but not on the main queue.
                DispatchQueue.global().sync {
                    switch use {
                    case .create: _ = RenderTrace()
                    case .passes: _ = trace.passes
                    case .lastPass: _ = trace.lastPass
                    case .removeAll: trace.removeAll()
                    case .bytesInUse: _ = trace.bytesInUse
                    case .summary: _ = trace.summary()
                    case .chromeTraceJSON: _ = trace.chromeTraceJSON()
                    case .perfettoTrace: _ = trace.perfettoTrace()
                    case .writeChromeTraceToStream:
                        var text = ""
                        trace.writeChromeTrace(to: &text)
                    case .writeChromeTraceToFile: try? trace.writeChromeTrace(toFile: "/dev/null")
                    case .writePerfettoTraceToChunks: trace.writePerfettoTrace { _ in }
                    case .writePerfettoTraceToFile: try? trace.writePerfettoTrace(toFile: "/dev/null")
                    }
                }
                withExtendedLifetime(host) {}
            }
        }
        let message = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(message.contains("main queue (R22)"))
        #expect(message.contains(use.member))
    }

    @Test("R22, D1: on the main queue every member works")
    func onTheMainQueue() {
        let trace = RenderTrace()
        let host = WorkflowHost(workflow: Wren(), renderTrace: trace)
        #expect(trace.passes.count == 1 && trace.lastPass != nil && trace.bytesInUse > 0)
        #expect(!trace.chromeTraceJSON().isEmpty && !trace.perfettoTrace().isEmpty)
        #expect(trace.summary().passes == 1)
        trace.removeAll()
        #expect(trace.passes.isEmpty)
        withExtendedLifetime(host) {}
    }
}
