/// Key to lifetime, for a node with many side effects (`SideEffectList`);
/// kept by the runtime beside the node's record, by node ID.
final class SideEffectIndex {
    var byKey: [SideEffectKey: Unmanaged<SideEffectLifetime>] = [:]
    /// The end of the list, where a new side effect joins.
    var last: Unmanaged<SideEffectLifetime>?

    init(_ list: SideEffectList) {
        list.forEach { add(Unmanaged.passUnretained($0)) }
    }

    /// Indexes a lifetime that joined the end of the list. A key not equal
    /// to itself (R11) stays out: no look-up could find it, and no removal
    /// could take it out again.
    func add(_ entry: Unmanaged<SideEffectLifetime>) {
        let key = entry.withGuaranteedRef { $0.key }
        if key.isEqualToItself {
            byKey[key] = entry
        }
        last = entry
    }
}
