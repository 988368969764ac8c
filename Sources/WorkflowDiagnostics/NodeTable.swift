// The nodes a trace has seen, interned: an entry is (parent entry, workflow
// type, key), so an event names a node in 4 bytes whatever its depth, and a
// path is spelled out from the root only when a reader asks for it.

/// A trace's node entries. Entry 0 is "no node" (a root's parent).
struct NodeTable {
    private(set) var parents: ContiguousArray<UInt32> = [0]
    private(set) var types: ContiguousArray<Any.Type> = [Never.self]
    private(set) var keys: ContiguousArray<String> = [""]
    /// (parent, type, key) to entry, for a runtime that names its nodes by
    /// value (`intern`); the fast runtime's recorder keeps its own by node.
    private var lookup: [NodeTableKey: UInt32] = [:]

    var count: Int { parents.count }

    /// A new entry for a node of `type` with `key` under `parent`.
    mutating func add(parent: UInt32, type: Any.Type, key: String) -> UInt32 {
        let entry = UInt32(truncatingIfNeeded: parents.count)
        parents.append(parent)
        types.append(type)
        keys.append(key)
        return entry
    }

    /// The entry of (parent, type, key), made if new.
    mutating func intern(parent: UInt32, type: Any.Type, key: String) -> UInt32 {
        let tableKey = NodeTableKey(parent: parent, type: ObjectIdentifier(type), key: key)
        if let entry = lookup[tableKey] { return entry }
        let entry = add(parent: parent, type: type, key: key)
        lookup[tableKey] = entry
        return entry
    }

    /// The entry of a path given from the root down, each level made if new.
    mutating func intern(path: [(workflowType: Any.Type, key: String)]) -> UInt32 {
        var entry: UInt32 = 0
        for level in path {
            entry = intern(parent: entry, type: level.workflowType, key: level.key)
        }
        return entry
    }

    /// The entries' memory, in bytes (the strings' own storage aside).
    var bytes: Int {
        parents.capacity * MemoryLayout<UInt32>.stride + types.capacity * MemoryLayout<Any.Type>.stride
            + keys.capacity * MemoryLayout<String>.stride + lookup.capacity * MemoryLayout<(NodeTableKey, UInt32)>.stride
    }

    /// Keeps only the entries `keep` says are used, and their ancestors;
    /// returns the new entry of each old one (0 for one dropped).
    mutating func compact(keeping used: (UInt32) -> Bool) -> [UInt32] {
        var keep = [Bool](repeating: false, count: count)
        for entry in 1..<max(count, 1) where used(UInt32(entry)) {
            var current = UInt32(entry)
            while current != 0, !keep[Int(current)] {
                keep[Int(current)] = true
                current = parents[Int(current)]
            }
        }
        var remap = [UInt32](repeating: 0, count: count)
        var newParents: ContiguousArray<UInt32> = [0]
        var newTypes: ContiguousArray<Any.Type> = [Never.self]
        var newKeys: ContiguousArray<String> = [""]
        // A parent's entry is older than its children's: remapped first.
        for entry in 1..<max(count, 1) where keep[entry] {
            remap[entry] = UInt32(newParents.count)
            newParents.append(remap[Int(parents[entry])])
            newTypes.append(types[entry])
            newKeys.append(keys[entry])
        }
        parents = newParents
        types = newTypes
        keys = newKeys
        var newLookup: [NodeTableKey: UInt32] = [:]
        for (key, entry) in lookup where remap[Int(entry)] != 0 {
            newLookup[NodeTableKey(parent: remap[Int(key.parent)], type: key.type, key: key.key)] = remap[Int(entry)]
        }
        lookup = newLookup
        return remap
    }
}

struct NodeTableKey: Hashable {
    var parent: UInt32
    var type: ObjectIdentifier
    var key: String
}

/// Names and paths of a table's entries, each formatted once per reader:
/// `String(describing:)` of the type, without the module, as Swift prints
/// a type.
struct NodeNames {
    private var typeNames: [ObjectIdentifier: String] = [:]
    private var paths: [UInt32: String] = [:]

    mutating func name(_ type: Any.Type) -> String {
        if let known = typeNames[ObjectIdentifier(type)] { return known }
        let name = String(describing: type)
        typeNames[ObjectIdentifier(type)] = name
        return name
    }

    /// `Type[key]`, or `Type` for an empty key.
    mutating func nodeName(_ type: Any.Type, key: String) -> String {
        key.isEmpty ? name(type) : name(type) + "[" + key + "]"
    }

    mutating func nodeName(_ entry: UInt32, in table: NodeTable) -> String {
        nodeName(table.types[Int(entry)], key: table.keys[Int(entry)])
    }

    /// The names from the root down to `entry`, joined by `/`; iterative,
    /// so a deep chain costs no stack.
    mutating func path(_ entry: UInt32, in table: NodeTable) -> String {
        if entry == 0 { return "" }
        if let known = paths[entry] { return known }
        var missing: [UInt32] = []
        var current = entry
        while current != 0, paths[current] == nil {
            missing.append(current)
            current = table.parents[Int(current)]
        }
        var path = current == 0 ? "" : paths[current]!
        for level in missing.reversed() {
            let name = nodeName(level, in: table)
            path = path.isEmpty ? name : path + "/" + name
            paths[level] = path
        }
        return path
    }

    /// Forgets the paths: a long export keeps only one pass's.
    mutating func forgetPaths() {
        paths.removeAll(keepingCapacity: true)
    }
}
