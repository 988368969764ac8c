#if canImport(Combine)
import Combine
#else
import OpenCombine
#endif
import Foundation
import Testing
@_spi(WorkflowRuntimeConfig) import Workflow
import WorkflowCombine
import WorkflowCombineTesting
import WorkflowTesting

// The declarations code written against workflow-swift 5 and 6 uses, and
// those of its open Swift-concurrency proposal, used the way such code uses
// them: the host's Combine publishers, `updateDefaultConfiguration` and its
// flags, WorkflowCombine's workers and publishers with their render-test
// expectations, the host's streams and the async side effect. Its one Linux
// change is the conditional import of OpenCombine above. The functions only
// need to compile; the tests at the end run a host and a render test.

// MARK: WorkflowCombine workers

/// A worker with its own equivalence and an erased publisher.
private struct ClockWorker: Worker {
    typealias Output = Int

    let start: Int

    func run() -> AnyPublisher<Int, Never> {
        [start, start + 1].publisher.eraseToAnyPublisher()
    }

    func isEquivalent(to otherWorker: ClockWorker) -> Bool {
        start == otherWorker.start
    }
}

/// An Equatable worker naming its publisher type, relying on the `==`
/// default of `isEquivalent`.
private struct PingWorker: Worker, Equatable {
    typealias Output = String
    typealias WorkerPublisher = Just<String>

    func run() -> Just<String> {
        Just("pong")
    }
}

// MARK: A workflow as 6.x code writes it

private struct Dashboard: Workflow {
    let clockStart: Int

    struct State: Equatable {
        var tick = 0
        var ping = ""
        var total = 0
        var refreshed = false
    }

    enum Output: Equatable {
        case pinged(String)
    }

    func makeInitialState() -> State {
        State()
    }

    enum Action: WorkflowAction, Equatable {
        typealias WorkflowType = Dashboard

        case pinged(String)

        func apply(toState state: inout State, context: ApplyContext<Dashboard>) -> Output? {
            switch self {
            case let .pinged(reply):
                state.ping = reply
                return .pinged(reply)
            }
        }
    }

    func render(state: State, context: RenderContext<Dashboard>) -> String {
        // A worker through `mapOutput` and a closure action.
        ClockWorker(start: clockStart)
            .mapOutput { tick in
                AnyWorkflowAction<Dashboard> { state in
                    state.tick = tick
                    return nil
                }
            }
            .running(in: context, key: "clock")

        // A worker with an output map.
        PingWorker().running(in: context) { Action.pinged($0) }

        // A publisher of the parent's actions, `running(in:key:)`.
        Just(3)
            .map { value in
                AnyWorkflowAction<Dashboard> { state in
                    state.total += value
                    return nil
                }
            }
            .running(in: context, key: "total")

        // A publisher through `mapOutput`.
        [1, 2].publisher
            .mapOutput { value in
                AnyWorkflowAction<Dashboard> { state in
                    state.total += value
                    return nil
                }
            }
            .running(in: context, key: "sequence")

        // The proposal's async side effect, beside the `Lifetime` form.
        let sink = context.makeSink(of: AnyWorkflowAction<Dashboard>.self)
        context.runSideEffect(key: "refresh") {
            try? await Task.sleep(nanoseconds: 1_000_000)
            await MainActor.run {
                sink.send(AnyWorkflowAction { state in
                    state.refreshed = true
                    return nil
                })
            }
        }
        context.runSideEffect(key: "log") { lifetime in
            lifetime.onEnded {}
        }

        return "tick \(state.tick) ping \(state.ping) total \(state.total)"
    }
}

// MARK: The rest of the surface

private func combineSurface() {
    let worker = ClockWorker(start: 1)
    let publisher: AnyPublisher<Int, Never> = worker.run()
    let equivalent: Bool = worker.isEquivalent(to: ClockWorker(start: 2))
    let equal: Bool = PingWorker().isEquivalent(to: PingWorker())
    let erasedWorker: AnyWorkflow<Void, Int> = worker.asAnyWorkflow()
    let erasedPublisher: AnyWorkflow<Void, Int> = Just(1).asAnyWorkflow()
    let mapped: AnyWorkflow<Void, String> = Just(1).mapOutput { "\($0)" }
    _ = (publisher, equivalent, equal, erasedWorker, erasedPublisher, mapped)
}

/// Compiled, never called: the default configuration is process-wide.
#if swift(>=6)  // a Swift 6 client runs hosts and testers on the main actor
@MainActor
#endif
private func configurationSurface() {
    Runtime.updateDefaultConfiguration { configuration in
        configuration.renderOnlyIfStateChanged = true
        configuration.useSinkEventHandler = true
        configuration.suppressPerceptionCheckingWhenUsingObservation = true
    }
#if swift(>=6)  // a Swift 6 client writes the isolation into the type
    let update: @MainActor ((inout Runtime.Configuration) -> Void) -> Void = Runtime.updateDefaultConfiguration
#else
    let update: ((inout Runtime.Configuration) -> Void) -> Void = Runtime.updateDefaultConfiguration
#endif
    let host = Runtime.withConfiguration(override: { $0.useSinkEventHandler = true }) {
        WorkflowHost(workflow: Dashboard(clockStart: 0))
    }
    let flags = Runtime.Configuration()
    _ = (update, host, flags.useSinkEventHandler, flags.suppressPerceptionCheckingWhenUsingObservation)
}

#if swift(>=6)  // a Swift 6 client runs hosts and testers on the main actor
@MainActor
#endif
private func hostSurface(_ host: WorkflowHost<Dashboard>, cancellables: inout Set<AnyCancellable>) {
    let rendering: String = host.rendering
    let renderings: AnyPublisher<String, Never> = host.renderingPublisher
    let outputs: AnyPublisher<Dashboard.Output, Never> = host.outputPublisher
    host.renderingPublisher
        .dropFirst()
        .sink { _ in }
        .store(in: &cancellables)
    host.outputPublisher
        .sink { _ in }
        .store(in: &cancellables)
    host.update(workflow: Dashboard(clockStart: 1))
    _ = (rendering, renderings, outputs)
}

/// The proposal's streams.
@MainActor
private func streamSurface(_ host: WorkflowHost<Dashboard>) async {
    let renderings: AsyncStream<String> = host.renderings
    let outputs: AsyncStream<Dashboard.Output> = host.outputs
    for await rendering in renderings where rendering.isEmpty {
        break
    }
    for await output in outputs where output == .pinged("") {
        break
    }
}

#if swift(>=6)  // a Swift 6 client runs hosts and testers on the main actor
@MainActor
#endif
private func renderTestSurface() {
    Dashboard(clockStart: 0)
        .renderTester()
        .expectWorker(ClockWorker(start: 0), mockingOutput: 5, key: "clock")
        .expectWorker(PingWorker())
        .expectPublisher(producingOutput: AnyWorkflowAction<Dashboard>?.none, key: "total")
        .expect(publisher: Publishers.Sequence<[Int], Never>.self, producingOutput: 1, key: "sequence")
        .expectSideEffect(key: "refresh")
        .expectSideEffect(key: "log")
        .render { _ in }
}

@available(*, deprecated, message: "uses the deprecated spellings on purpose")
@MainActor
private func deprecatedSurface() {
    _ = Dashboard(clockStart: 0)
        .renderTester()
        .expect(worker: ClockWorker(start: 0), producingOutput: 5, key: "clock")
    Runtime.bootstrap { $0.renderOnlyIfStateChanged = false }
}

// MARK: Running it

@MainActor
@Suite("API compatibility: workflow-swift 6")
struct Workflow6APITests {
    @Test("A host observed through its publishers and streams, as 6.x code and the proposal do")
    func hostObservation() async {
        let host = WorkflowHost(workflow: Dashboard(clockStart: 0))
        var cancellables = Set<AnyCancellable>()
        var renderings: [String] = []
        var outputs: [Dashboard.Output] = []
        host.renderingPublisher.sink { renderings.append($0) }.store(in: &cancellables)
        host.outputPublisher.sink { outputs.append($0) }.store(in: &cancellables)
        #expect(renderings == ["tick 0 ping  total 0"])

        var stream = host.renderings.makeAsyncIterator()
        while let rendering = await stream.next(), rendering != "tick 1 ping pong total 6" {}
        #expect(renderings.last == "tick 1 ping pong total 6")
        #expect(outputs == [.pinged("pong")])
        _ = hostSurface
        _ = streamSurface
        _ = configurationSurface
        _ = combineSurface
    }

    @Test("A render test with WorkflowCombineTesting's expectations")
    func renderTest() {
        Dashboard(clockStart: 0)
            .renderTester()
            .expectWorker(ClockWorker(start: 0), key: "clock")
            .expectWorker(PingWorker(), mockingOutput: "pong")
            .expectPublisher(producingOutput: AnyWorkflowAction<Dashboard>?.none, key: "total")
            .expect(publisher: Publishers.Sequence<[Int], Never>.self, key: "sequence")
            .expectSideEffect(key: "refresh")
            .expectSideEffect(key: "log")
            .render { rendering in
                #expect(rendering == "tick 0 ping  total 0")
            }
            .assert(output: .pinged("pong"))
        _ = renderTestSurface
    }
}
