import Testing
import Workflow

// M1: the excerpt every fatal message quotes a key or value through (the misuse
// table's messages, R4, R5, R8, R11, R15, R17, R22).

@Suite("Message excerpts")
struct MessageExcerptTests {
    @Test("M1: a key of at most 200 characters is quoted whole")
    func shortKeyWhole() {
        #expect(MessageExcerpt.of("") == "")
        #expect(MessageExcerpt.of("dup-key-42") == "dup-key-42")
        let twoHundred = String(repeating: "é", count: 200)
        #expect(MessageExcerpt.of(twoHundred) == twoHundred)
    }

    @Test("M1: a longer key is cut to its first 200 characters, marked with its full length")
    func longKeyCut() {
        let key = String(repeating: "a", count: 200) + "b"
        #expect(MessageExcerpt.of(key) == String(repeating: "a", count: 200) + "…(cut, 201 characters in all)")
    }

    @Test("M1: a single character made of a million scalars is cut by scalars, so the excerpt stays short in bytes")
    func oneHugeGrapheme() {
        let key = "e" + String(repeating: "\u{301}", count: 1_000_000)
        let excerpt = MessageExcerpt.of(key)
        #expect(excerpt.utf8.count < 1_000)
        #expect(excerpt.hasSuffix("…(cut, 1000001 characters in all)"))
    }

    @Test("M1: a key that is not a string is quoted as interpolation writes it, cut the same way")
    func nonStringValue() {
        #expect(MessageExcerpt.of(42 as Any) == "42")
        let long = Array(repeating: 7, count: 1_000)
        #expect(MessageExcerpt.of(long as Any).hasSuffix("…(cut, \("\(long)".unicodeScalars.count) characters in all)"))
        #expect(MessageExcerpt.of(long as Any).hasPrefix("[7, 7, 7"))
    }
}
