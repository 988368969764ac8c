// Swift 6 mode checks the executor at the start of every main-actor closure
// that it passes to a function of a module built in Swift 5 mode, the
// standard library included (dynamic actor isolation): a call on every use,
// even of an empty closure. The runtime's own main-actor code is on the main
// actor by construction (R22), so on its hot paths it passes its closures
// through the functions below instead: functions of this module, which the
// compiler knows to keep their closures on the caller's executor, forward
// them to the standard library without the check.

extension Unmanaged {
    /// `_withUnsafeGuaranteedRef(_:)`, without an executor check.
    @inlinable @inline(__always)
    package func withGuaranteedRef<Result>(_ body: (Instance) throws -> Result) rethrows -> Result {
        try _withUnsafeGuaranteedRef(body)
    }
}

/// `withExtendedLifetime(_:_:)`, without an executor check. With an empty
/// body it releases `value` here, not earlier.
@inlinable @inline(__always)
package func keepingAlive<Value, Result>(_ value: Value, _ body: () throws -> Result) rethrows -> Result {
    try withExtendedLifetime(value, body)
}

/// `withUnsafePointer(to:_:)` for a variable, without an executor check.
@inlinable @inline(__always)
package func withPointer<Value, Result>(
    to value: inout Value, _ body: (UnsafePointer<Value>) throws -> Result
) rethrows -> Result {
    try withUnsafePointer(to: &value, body)
}
