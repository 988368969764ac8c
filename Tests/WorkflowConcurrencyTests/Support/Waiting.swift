import Testing

/// How long a test waits for asynchronous work before it fails. Generous:
/// the machines running the tests may be busy, and under AddressSanitizer
/// on two cores a cancelled task waited more than 5 s for a thread while
/// the rest of the suite ran. A wait that succeeds returns at once.
let workerTimeout: Duration = .seconds(30)

/// Waits, yielding the main actor, until `condition` holds; returns whether
/// it held. Tests `#expect` the result, so a worker that never delivers
/// fails the test instead of hanging it.
///
/// It gives up once `timeout` passed and the main actor had at least
/// `minimumTurns` turns of waiting here: in a full test run other suites
/// may hold the main actor for seconds, and the work awaited needs turns of
/// the main actor to arrive, not only time.
@MainActor
func eventually(
    timeout: Duration = workerTimeout,
    minimumTurns: Int = 500,
    _ condition: @MainActor () -> Bool
) async -> Bool {
    let deadline = ContinuousClock.now + timeout
    var turns = 0
    while !condition() {
        if ContinuousClock.now >= deadline && turns >= minimumTurns { return false }
        turns += 1
        try? await Task.sleep(for: .milliseconds(2))
    }
    return true
}

/// Lets the main actor run for `duration`, so that anything due in that
/// time (a late output) gets its chance to happen.
@MainActor
func settle(for duration: Duration = .milliseconds(100)) async {
    try? await Task.sleep(for: duration)
}
