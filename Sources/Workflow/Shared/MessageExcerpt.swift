/// A key or value as a fatal message quotes it: whole when it is short, else
/// its first `limit` characters and a mark saying it was cut. Keys come
/// from the app and may be megabytes long; logs and crash reporters cut or
/// drop a line that long, and with it the workflow type and the advice the
/// message goes on with.
///
/// Characters here are Unicode scalars, so an excerpt is at most four bytes
/// a character, whatever the text holds (a single grapheme can be made of
/// any number of scalars).
@usableFromInline
package enum MessageExcerpt {
    /// The most characters of one key or value a message quotes.
    package static let limit = 200

    /// `text`, or its first `limit` characters followed by
    /// `…(cut, N characters in all)`.
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
