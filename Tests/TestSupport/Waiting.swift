import Testing

/// How long a test waits for asynchronous work before it fails. Generous:
/// the machines running the tests may be busy, and under AddressSanitizer
/// on two cores a cancelled task waited more than 5 s for a thread while
/// the rest of the suite ran. A wait that succeeds returns at once.
public let workerTimeout: Duration = .seconds(30)

/// Waits, yielding the main actor, until `condition` holds; returns whether
/// it held. Tests `#expect` the result, so a worker that never delivers
/// fails the test instead of hanging it.
///
/// Time alone is a poor judge on a busy machine: in a full test run other
/// suites may hold the main actor, or every thread of the global executor,
/// for tens of seconds, and the work awaited needs turns of both to arrive
/// (a cancelled worker resumes on the global executor, then delivers on the
/// main actor). So it gives up only once `timeout` passed, the main actor
/// had `minimumTurns` turns of waiting here, and after the deadline
/// `minimumPoolTurns` jobs ran on the global executor at the priority
/// workers run at: each was queued behind whatever the awaited work had
/// queued there, so by then that work has had its chance.
@MainActor
public func eventually(
    timeout: Duration = workerTimeout,
    minimumTurns: Int = 500,
    minimumPoolTurns: Int = 100,
    _ condition: @MainActor () -> Bool
) async -> Bool {
    let deadline = ContinuousClock.now + timeout
    var turns = 0
    var poolTurns = 0
    while !condition() {
        if ContinuousClock.now >= deadline && turns >= minimumTurns {
            if poolTurns >= minimumPoolTurns { return false }
            await Task.detached(priority: .high) {}.value
            poolTurns += 1
        }
        turns += 1
        try? await Task.sleep(for: .milliseconds(2))
    }
    return true
}

/// Lets the main actor run for `duration`, so that anything due in that
/// time (a late output) gets its chance to happen.
@MainActor
public func settle(for duration: Duration = .milliseconds(100)) async {
    try? await Task.sleep(for: duration)
}
