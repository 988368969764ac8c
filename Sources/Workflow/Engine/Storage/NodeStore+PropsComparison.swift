// S2's comparison of a child's old and new workflow values, with the reason
// kept, for render diagnostics (D1). It must answer `.equal` exactly when
// `isUnchanged` answers true: the traced path skips on it.

@usableFromInline
enum PropsComparison {
    case equal
    case changed
    /// A class, or a type with stored properties and no `==`.
    case notComparable
}

extension NodeStore {
    @inlinable
    func propsComparison(_ old: W, _ new: W) -> PropsComparison {
        if MemoryLayout<W>.size == 0 { return .equal }
        if workflowIsClass { return .notComparable }
        if let equal = W._renderSkippingEquality(old, new) { return equal ? .equal : .changed }
        guard let workflowEquality else { return .notComparable }
        return workflowEquality(old, new) ? .equal : .changed
    }
}
