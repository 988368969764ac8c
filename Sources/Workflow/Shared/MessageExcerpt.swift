/// A key or value as a fatal message quotes it, cut after `limit` Unicode
/// scalars: logs drop lines as long as a key may be, and the advice with them.
@usableFromInline
package enum MessageExcerpt {
    /// The most characters of one key or value a message quotes.
    package static let limit = 200

    /// `text`, or its first `limit` and `…(cut, N characters in all)`.
    @usableFromInline
    package static func of(_ text: String) -> String {
        let scalars = text.unicodeScalars
        guard let cut = scalars.index(scalars.startIndex, offsetBy: limit, limitedBy: scalars.endIndex),
              cut != scalars.endIndex
        else { return text }
        return "\(String(scalars[..<cut]))…(cut, \(scalars.count) characters in all)"
    }

    /// The excerpt of `value` as string interpolation would write it.
    @usableFromInline
    package static func of(_ value: Any) -> String {
        of(String(describing: value))
    }
}
