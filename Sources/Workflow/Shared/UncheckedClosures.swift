// Swift 6 checks the executor on entry to each main-actor closure passed to a
// Swift 5 module (the standard library too). Being on the main actor (R22),
// the runtime's hot paths forward their closures through these, unchecked.

extension Unmanaged {
    /// `_withUnsafeGuaranteedRef(_:)`, without an executor check.
    @inlinable @inline(__always)
    package func withGuaranteedRef<Result>(_ body: (Instance) throws -> Result) rethrows -> Result {
        try _withUnsafeGuaranteedRef(body)
    }
}

/// `withExtendedLifetime(_:_:)` unchecked: even an empty body holds `value`.
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
