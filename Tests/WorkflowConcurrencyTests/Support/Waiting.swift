import Testing

/// How long a test waits for asynchronous work before it fails. Generous:
/// the machines running the tests may be busy.
let workerTimeout: Duration = .seconds(5)

/// Waits, yielding the main actor, until `condition` holds or `timeout`
/// passed; returns whether it held. Tests `#expect` the result, so a worker
/// that never delivers fails the test instead of hanging it.
@MainActor
func eventually(
    timeout: Duration = workerTimeout,
    _ condition: @MainActor () -> Bool
) async -> Bool {
    let deadline = ContinuousClock.now + timeout
    while !condition() {
        if ContinuousClock.now >= deadline { return false }
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
