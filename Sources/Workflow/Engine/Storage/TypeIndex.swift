/// A workflow type's number in one runtime: where its store sits in the
/// runtime's table of stores. With the key, it is a node's identity (R1).
@usableFromInline
struct TypeIndex: Equatable, Sendable {
    @usableFromInline var rawValue: UInt16

    @inlinable
    init(rawValue: UInt16) {
        self.rawValue = rawValue
    }

    /// The type index of an arena record that holds no node.
    @inlinable
    static var free: TypeIndex { TypeIndex(rawValue: .max) }

    @inlinable
    var position: Int { Int(rawValue) }
}
