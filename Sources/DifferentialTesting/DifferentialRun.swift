/// The first difference between the runtimes in a run.
public struct Divergence: Error, CustomStringConvertible, Sendable {
    /// 0: the first render; i: after event i (1-based); events + 1: teardown.
    public var step: Int
    /// What the step did, e.g. `event 3: .send(.current(5), .bump) to main@/c0`.
    public var stepDescription: String
    /// The fast configuration that differed from the reference.
    public var runtime: ComparedHost
    /// A readable diff.
    public var difference: String

    public var description: String {
        "divergence at step \(step) (\(stepDescription)), \(runtime) vs reference: \(difference)"
    }
}

/// The oracle: runs one tree and event sequence on the reference runtime and
/// on the fast one (skipping on and off), one host after the other for each
/// step, all in this process on the main queue (R22), and compares what they
/// showed after every step.
@MainActor
public enum DifferentialRun {
    /// What every run so far exercised.
    public static var coverage = FuzzCoverage()

    /// The first divergence, or nil when the runtimes agreed throughout.
    /// `compared` lists the hosts, the reference first.
    /// A tree whose fast hosts render bursts once is compared by B4: with
    /// the reference rendering each send, and the fast host unobserved (its
    /// observer hooks and render counts differ by design).
    public static func run(
        _ tree: TreeSpec, _ events: [FuzzEvent], initialInput: Int = 0, compared: [ComparedHost]? = nil
    ) -> Divergence? {
        let compared = compared ?? (tree.conflatesBursts ? [.reference, .fastUnobserved] : ComparedHost.all)
        precondition(compared.first == .reference, "the reference comes first")
        let hosts = compared.map { HostUnderTest($0, tree: tree, input: initialInput) }
        // B4: the side effects alive after each step, by host.
        var liveEffects = [Set<String>](repeating: [], count: hosts.count)
        // Every rendering's sinks, per step, per host (same order as `hosts`):
        // the last one holds the current sinks, the others stale ones.
        var pool: [[[SinkRef]]] = []

        coverage.cases += 1

        func check(step: Int, _ what: String, cascadeOnly: Bool, released: Bool = false,
                   event: FuzzEvent? = nil, stale: Bool = false) -> Divergence? {
            let screens = released ? nil : hosts.map(\.screen)
            if let screens { pool.append(screens.map(\.sinks)) }
            let observations = hosts.indices.map { Observation(screens?[$0], hosts[$0].log) }
            coverage.count(reference: observations[0], fast: observations[1], event: event, stale: stale)
            if tree.conflatesBursts {
                if observations[1].published.count < observations[0].published.count { coverage.burstsConflated += 1 }
                for i in hosts.indices { liveEffects[i].formLiveEffects(after: observations[i].entries) }
                for i in 1..<hosts.count {
                    if let difference = Differ.compareBurst(
                        reference: observations[0], other: observations[i], name: hosts[i].kind.description,
                        referenceEffects: liveEffects[0], otherEffects: liveEffects[i]
                    ) {
                        return Divergence(step: step, stepDescription: what, runtime: hosts[i].kind, difference: difference)
                    }
                }
                return nil
            }
            for i in 1..<hosts.count {
                if let difference = Differ.compare(
                    reference: observations[0], other: observations[i], kind: hosts[i].kind, cascadeOnly: cascadeOnly
                ) {
                    return Divergence(step: step, stepDescription: what, runtime: hosts[i].kind, difference: difference)
                }
            }
            // D1: a traced host renders what the same host untraced renders,
            // and its trace lists exactly those renders, nested as a tree.
            for i in hosts.indices {
                guard let traced = hosts[i].takeTracedRenders() else { continue }
                let untraced = hosts.firstIndex {
                    $0.kind == ComparedHost(runtime: hosts[i].kind.runtime, observed: hosts[i].kind.observed)
                }
                var difference: String?
                if traced.renders != observations[i].renders {
                    difference = "the render trace lists \(traced.renders) renders, the observer saw \(observations[i].renders) (D1)"
                } else if !traced.nested {
                    difference = "a pass of the render trace does not nest below one root (D1)"
                } else if let untraced, observations[untraced].renders != observations[i].renders {
                    difference = "render calls: \(hosts[untraced].kind) \(observations[untraced].renders), \(hosts[i].kind) "
                        + "\(observations[i].renders) (D1: tracing must not change what renders)"
                }
                if let difference {
                    return Divergence(step: step, stepDescription: what, runtime: hosts[i].kind, difference: difference)
                }
            }
            return nil
        }

        if let divergence = check(step: 0, "first render", cascadeOnly: false) {
            release(hosts)
            return divergence
        }
        for (index, event) in events.enumerated() {
            let what: String
            switch event {
            case let .update(input):
                what = "event \(index + 1): \(ReproPrinter.literal(event))"
                for host in hosts { host.update(input: input) }
            case let .send(pick, command):
                guard let targets = resolve(pick, command, in: pool) else {
                    coverage.sendsWithoutTarget += 1
                    continue  // no sink fits: nothing happens
                }
                what = "event \(index + 1): \(ReproPrinter.literal(event)) to \(targets[0].meta)"
                for (host, sink) in zip(hosts, targets) {
                    host.drive { sink.send(command) }
                }
            case let .queuedSend(pick, command, sends):
                let followUps = sends.compactMap { send in resolve(send.pick, send.command, in: pool).map { (send.command, $0) } }
                guard let targets = resolve(pick, command, in: pool), followUps.count == sends.count else {
                    coverage.sendsWithoutTarget += 1
                    continue
                }
                what = "event \(index + 1): \(ReproPrinter.literal(event)) to \(targets[0].meta), then "
                    + followUps.map { "\($0.1[0].meta)" }.joined(separator: ", ")
                for (h, host) in hosts.enumerated() {
                    host.onNextOutput = {
                        for (command, sinks) in followUps { sinks[h].send(command) }
                    }
                    host.drive { targets[h].send(command) }
                    host.onNextOutput = nil
                }
            case let .workerSends(sends, then: observerSends):
                let targets = sends.compactMap { send in resolve(send.pick, send.command, in: pool).map { (send.command, $0) } }
                let followUps = observerSends.compactMap { send in resolve(send.pick, send.command, in: pool).map { (send.command, $0) } }
                guard targets.count == sends.count, followUps.count == observerSends.count, !targets.isEmpty else {
                    coverage.sendsWithoutTarget += 1
                    continue
                }
                what = "event \(index + 1): \(ReproPrinter.literal(event)) to "
                    + targets.map { "\($0.1[0].meta)" }.joined(separator: ", ")
                    + (followUps.isEmpty ? "" : ", then " + followUps.map { "\($0.1[0].meta)" }.joined(separator: ", "))
                for (h, host) in hosts.enumerated() {
                    host.onNextOutput = {
                        for (command, sinks) in followUps { sinks[h].send(command) }
                    }
                    host.drive {
                        for (command, sinks) in targets { sinks[h].sendFromWorker(command) }
                    }
                    host.endMainQueueTurn()
                    host.onNextOutput = nil
                }
            }
            let isSend = if case .update = event { false } else { true }
            let isStale = switch event {
            case .send(.stale, _): true
            case let .queuedSend(_, _, sends): sends.contains { if case .stale = $0.pick { true } else { false } }
            default: false
            }
            if let divergence = check(step: index + 1, what, cascadeOnly: isSend, event: event, stale: isStale) {
                release(hosts)
                return divergence
            }
        }
        release(hosts)
        return check(step: events.count + 1, "teardown", cascadeOnly: false, released: true)
    }

    private static func release(_ hosts: [HostUnderTest]) {
        for host in hosts { host.tearDown() }
    }

    /// The sink (one per host) an event's pick selects, or nil if none fits.
    static func resolve(_ pick: SinkPick, _ command: FuzzCommand, in pool: [[[SinkRef]]]) -> [SinkRef]? {
        guard let current = pool.last, !current[0].isEmpty else { return nil }
        let metas = current[0].map(\.meta)
        switch pick {
        case let .current(n):
            var candidates = metas.indices.filter { !command.isListCommand || metas[$0].hasList }
            if candidates.isEmpty { candidates = Array(metas.indices) }
            let chosen = candidates[n % candidates.count]
            return current.map { $0[chosen] }
        case let .main(n):
            var candidates = metas.indices.filter { metas[$0].kind == "main" && (!command.isListCommand || metas[$0].hasList) }
            if candidates.isEmpty { candidates = metas.indices.filter { metas[$0].kind == "main" } }
            guard !candidates.isEmpty else { return nil }
            let chosen = candidates[n % candidates.count]
            return current.map { $0[chosen] }
        case let .toRoot(n):
            let candidates = metas.indices.filter { metas[$0].reachesRoot }
            guard !candidates.isEmpty else { return nil }
            let chosen = candidates[n % candidates.count]
            return current.map { $0[chosen] }
        case let .stale(n):
            let earlier = pool.count - 1
            guard earlier > 0 else { return nil }
            if n % 2 == 0 {
                // Half of them: a sink whose (node, action type) the latest
                // rendering no longer has: a removed node or an undeclared type.
                let present = Set(metas.map { "\($0.kind)@\($0.path)" })
                var gone: [(step: Int, index: Int)] = []
                for step in 0..<earlier {
                    for (index, sink) in pool[step][0].enumerated() where !present.contains("\(sink.meta.kind)@\(sink.meta.path)") {
                        gone.append((step, index))
                    }
                }
                if !gone.isEmpty {
                    let chosen = gone[(n / 2) % gone.count]
                    return pool[chosen.step].map { $0[chosen.index] }
                }
            }
            // Any sink of an earlier rendering: dead, or still live (R13).
            let step = pool[n % earlier]
            guard !step[0].isEmpty else { return nil }
            let chosen = (n / earlier) % step[0].count
            return step.map { $0[chosen] }
        }
    }
}

extension Set<String> {
    /// The side effects alive after a step's log: "effect start P K" adds
    /// "P K", "effect end P K" takes it out (B4 compares what is alive).
    mutating func formLiveEffects(after entries: [String]) {
        for entry in entries {
            if entry.hasPrefix("effect start ") {
                insert(String(entry.dropFirst("effect start ".count)))
            } else if entry.hasPrefix("effect end ") {
                remove(String(entry.dropFirst("effect end ".count)))
            }
        }
    }
}
