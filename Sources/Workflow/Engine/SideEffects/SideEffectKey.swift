/// A side effect's key (R11). `Int` and `String` keys, the usual ones, skip
/// `AnyHashable`'s dynamic casts; equality is still `AnyHashable`'s, so a
/// key matches exactly what it would as one.
@usableFromInline
enum SideEffectKey: Hashable, CustomStringConvertible {
    case int(Int)
    case string(String)
    case other(AnyHashable)

    @inlinable
    init<Key: Hashable>(_ key: Key) {
        // Folded for a concrete `Key`.
        if Key.self == Int.self {
            self = .int(unsafeBitCast(key, to: Int.self))
        } else if Key.self == String.self {
            self = .string(unsafeBitCast(key, to: String.self))
        } else if Key.self == AnyHashable.self {
            self = .other(unsafeBitCast(key, to: AnyHashable.self))
        } else {
            self = .other(AnyHashable(key))
        }
    }

    var erased: AnyHashable {
        switch self {
        case let .int(value): AnyHashable(value)
        case let .string(value): AnyHashable(value)
        case let .other(value): value
        }
    }

    @usableFromInline
    static func == (lhs: SideEffectKey, rhs: SideEffectKey) -> Bool {
        switch lhs {
        case let .int(a):
            if case let .int(b) = rhs { return a == b }
        case let .string(a):
            if case let .string(b) = rhs { return a == b }
        case .other:
            break
        }
        // Mixed cases too: as AnyHashables, an Int equals an Int8 of its value.
        return lhs.erased == rhs.erased
    }

    /// Whether the key equals itself: `Int` and `String` keys always do;
    /// `Double.nan` does not, and is then never found again (R11).
    var isEqualToItself: Bool {
        if case let .other(value) = self { return value == value }
        return true
    }

    /// `AnyHashable`'s hash, as `==` needs, without the box: an integer
    /// widened to 64 bits, a string as itself (a test checks both).
    @usableFromInline
    func hash(into hasher: inout Hasher) {
        switch self {
        case let .int(value): hasher.combine(Int64(value))
        case let .string(value): hasher.combine(value)
        case let .other(value): hasher.combine(value)
        }
    }

    @usableFromInline var description: String { "\(erased)" }
}
