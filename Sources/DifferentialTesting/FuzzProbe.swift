/// An object a test workflow's state holds (R24), and so every rendering of
/// its node and of the node's ancestors, until a command drops it; or, as a
/// courier, the state alone. Its deinit re-enters the host that made it: it
/// logs, then sends, updates the host or cancels one of its observations,
/// as `effect` says. The runtimes must agree on when it goes and on what
/// that does.
///
/// Only the states of the `Opaque` flavor hold one: an `Eq` state stays a
/// bit copy, which S1 compares.
public final class FuzzProbe {
    let name: String
    let effect: ProbeEffect
    private let log: FuzzLog
    private weak var driver: HostUnderTest?

    /// A probe of the host whose log is `log`, named by its order there.
    init(effect: ProbeEffect, log: FuzzLog) {
        log.probesMade += 1
        name = "p\(log.probesMade)"
        self.effect = effect
        self.log = log
        driver = log.driver
    }

    deinit {
        let (name, effect, log, driver) = (name, effect, log, driver)
        MainActor.assumeIsolated {
            // A host being released drops its renderings and states in an
            // order of its own; a probe that goes then does nothing.
            guard let driver, !driver.isReleasing else { return }
            log.append("probe \(name) deinit")
            switch effect {
            case .log: break
            case .send: driver.screen.sinks.first?.send(.bump)
            case let .update(input): driver.update(input: input)
            case .cancel: driver.cancelWatch()
            }
        }
    }
}

/// What a probe's deinit does besides logging.
public enum ProbeEffect: Equatable, Sendable {
    case log
    /// A `bump` to the first sink of the host's current rendering.
    case send
    /// `update(workflow:)` with these root props.
    case update(Int)
    /// Cancels the host's observation that logs every published rendering.
    case cancel
}

/// Where a test workflow's state keeps its probe and its courier: nowhere
/// for `Eq`.
public protocol ProbeSlot {
    init()
    var probe: FuzzProbe? { get set }
    var courier: FuzzProbe? { get set }
}

/// The `Eq` flavor's slot: holds nothing, so the state stays a bit copy.
public struct NoProbe: ProbeSlot, Equatable {
    public init() {}
    public var probe: FuzzProbe? {
        get { nil }
        set {}
    }
    public var courier: FuzzProbe? {
        get { nil }
        set {}
    }
}

/// The `Opaque` flavor's slot.
public struct HeldProbe: ProbeSlot {
    public var probe: FuzzProbe?
    public var courier: FuzzProbe?
    public init() {}
}
