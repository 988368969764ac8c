/// The typed stores of a runtime, one per workflow type: found by type (the
/// store found last first: siblings are mostly of one type) or by a node's
/// type index (`NodeRecord.typeIndex`), which is the store's place here.
///
/// The registry owns the stores: one retain each, taken when a store joins
/// and given back when the registry ends, so that every look-up hands out an
/// unretained reference and the child path pays no reference counting. Its
/// methods run no user code.
@usableFromInline
struct StoreRegistry: ~Copyable {
    /// The stores by type index.
    @usableFromInline var table: ContiguousArray<Unmanaged<AnyNodeStore>> = []
    /// The type indexes by workflow type.
    var indexes: [ObjectIdentifier: TypeIndex] = [:]
    /// The store found last.
    @usableFromInline var last: Unmanaged<AnyNodeStore>?

    init() {}

    /// How many workflow types have a store.
    @inlinable
    var count: Int { table.count }

    /// The store of the type at `typeIndex`.
    @inlinable @inline(__always)
    subscript(typeIndex: TypeIndex) -> Unmanaged<AnyNodeStore> {
        table[typeIndex.position]
    }

    /// The store found last, if it is the one of `type`.
    @inlinable @inline(__always)
    func lastFound<W: Workflow>(for type: W.Type) -> Unmanaged<NodeStore<W>>? {
        if let last, last.withGuaranteedRef({ $0.typeID }) == ObjectIdentifier(type) {
            return Unmanaged.fromOpaque(last.toOpaque())
        }
        return nil
    }

    /// The store of the type `id`, if it has one; it becomes the last found.
    @usableFromInline
    mutating func find(_ id: ObjectIdentifier) -> Unmanaged<AnyNodeStore>? {
        guard let index = indexes[id] else { return nil }
        let store = table[index.position]
        last = store
        return store
    }

    /// The type index the next store gets.
    @inlinable
    var nextTypeIndex: TypeIndex { TypeIndex(rawValue: UInt16(truncatingIfNeeded: table.count)) }

    /// Adds the store of a type that had none, at `nextTypeIndex`; the
    /// registry retains it, and it becomes the last found.
    @usableFromInline
    mutating func add(_ store: AnyNodeStore) {
        precondition(store.typeIndex == nextTypeIndex, "a store joins at the next type index")
        let entry = Unmanaged.passRetained(store)
        indexes[store.typeID] = store.typeIndex
        table.append(entry)
        last = entry
    }

    /// Calls `body` with each store, in type-index order; `body` runs no
    /// user code.
    func forEach(_ body: (AnyNodeStore) -> Void) {
        for store in table {
            store.withGuaranteedRef(body)
        }
    }

    /// Inlinable: the runtime's registry field is.
    @inlinable
    deinit {
        for store in table {
            store.release()
        }
    }

    #if DEBUG
    /// Each store sits at its type index and is found by its type.
    func checkInvariants() {
        if indexes.count != table.count { fatalError("Runtime invariant broken: \(indexes.count) store types for \(table.count) stores") }
        for (position, store) in table.enumerated() {
            let (typeIndex, typeID) = store.withGuaranteedRef { ($0.typeIndex, $0.typeID) }
            if typeIndex.position != position || indexes[typeID] != typeIndex {
                fatalError("Runtime invariant broken: the store at type index \(position) is not found there")
            }
        }
    }
    #endif
}
