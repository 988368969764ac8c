/// A runtime's typed stores, found by type (the last found first: siblings are
/// mostly of one type) or at their type index. One retain each: look-ups hand
/// out unretained references, free of reference counting. Runs no user code.
@usableFromInline
struct StoreRegistry: ~Copyable {
    /// The stores by type index.
    @usableFromInline var table: ContiguousArray<Unmanaged<AnyNodeStore>> = []
    /// Past `scannedCount` stores; fewer are scanned: cheaper than an insert.
    var indexes: [ObjectIdentifier: TypeIndex] = [:]
    /// The most stores found by a scan.
    static var scannedCount: Int { 8 }
    @usableFromInline var last: Unmanaged<AnyNodeStore>?

    init() {}

    @inlinable
    var count: Int { table.count }

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
        let store: Unmanaged<AnyNodeStore>
        if table.count <= Self.scannedCount {
            var found: Unmanaged<AnyNodeStore>?
            for candidate in table where candidate.takeUnretainedValue().typeID == id {
                found = candidate
                break
            }
            guard let found else { return nil }
            store = found
        } else {
            guard let index = indexes[id] else { return nil }
            store = table[index.position]
        }
        last = store
        return store
    }

    @inlinable
    var nextTypeIndex: TypeIndex { TypeIndex(rawValue: UInt16(truncatingIfNeeded: table.count)) }

    /// Adds and retains a new type's store; it becomes the last found.
    @usableFromInline
    mutating func add(_ store: AnyNodeStore) {
        precondition(store.typeIndex == nextTypeIndex, "a store joins at the next type index")
        let entry = Unmanaged.passRetained(store)
        table.append(entry)
        if table.count > Self.scannedCount {
            if indexes.isEmpty {
                for stored in table {
                    stored.withGuaranteedRef { indexes[$0.typeID] = $0.typeIndex }
                }
            } else {
                indexes[store.typeID] = store.typeIndex
            }
        }
        last = entry
    }

    /// In type-index order; `body` runs no user code.
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
        let indexed = table.count > Self.scannedCount ? table.count : 0
        if indexes.count != indexed { fatalError("Runtime invariant broken: \(indexes.count) store types indexed for \(table.count) stores") }
        for (position, store) in table.enumerated() {
            let (typeIndex, typeID) = store.withGuaranteedRef { ($0.typeIndex, $0.typeID) }
            if typeIndex.position != position || (indexed > 0 && indexes[typeID] != typeIndex) {
                fatalError("Runtime invariant broken: the store at type index \(position) is not found there")
            }
        }
    }
    #endif
}
