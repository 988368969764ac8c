import Dispatch

private let mainQueueKey: DispatchSpecificKey<Bool> = {
    let key = DispatchSpecificKey<Bool>()
    DispatchQueue.main.setSpecific(key: key, value: true)
    return key
}()

/// Runs `body` on the main queue and returns its result. The runtime traps
/// off the main queue (R22), while ordo-one calls benchmark closures from a
/// task of its async runner: this hops there synchronously when needed (the
/// main thread serves the main queue while the async main waits).
public func onMainQueue<T>(_ body: () throws -> T) rethrows -> T {
    if DispatchQueue.getSpecific(key: mainQueueKey) == true {
        return try body()
    }
    return try DispatchQueue.main.sync(execute: body)
}
