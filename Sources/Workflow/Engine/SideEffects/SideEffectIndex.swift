/// Key to lifetime for a node with many side effects, kept by node ID.
final class SideEffectIndex {
    var byKey: [SideEffectKey: Unmanaged<SideEffectLifetime>] = [:]
    /// The end of the list, where a new side effect joins.
    var last: Unmanaged<SideEffectLifetime>?

    init(_ list: SideEffectList) {
        list.forEach { add(Unmanaged.passUnretained($0)) }
    }

    /// Indexes a lifetime that joined the list; a key not equal to itself
    /// (R11) stays out, as no look-up or removal could find it.
    func add(_ entry: Unmanaged<SideEffectLifetime>) {
        let key = entry.withGuaranteedRef { $0.key }
        if key.isEqualToItself {
            byKey[key] = entry
        }
        last = entry
    }
}
