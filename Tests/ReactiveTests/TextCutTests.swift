@testable import Reactive
import Testing

@Suite("Text is cut by its characters and its bytes, by one rule")
struct TextCutTests {
    @Test("a short text is unchanged; a long one ends in … within both bounds", arguments: [
        ("abc", 5, "abc"), ("abcde", 5, "abcde"), ("abcdef", 5, "abcd…"), ("", 3, ""), ("ab", 1, "…"), ("ab", 0, ""),
        ("ééééé", 5, "ééééé"), ("🙂🙂🙂🙂🙂🙂", 5, "🙂🙂🙂🙂…"), ("e\u{301}e\u{301}", 2, "e\u{301}e\u{301}"),
    ])
    func cuts(text: String, limit: Int, expected: String) {
        #expect(text.cut(toCharacters: limit) == expected)
    }

    @Test("one character of 8 MB (a letter and four million combining accents) is cut to 4 bytes a character")
    func heavyCharacter() {
        let heavy = "a" + String(repeating: "\u{301}", count: 4_000_000)
        for limit in [1, 2, 60, 256] {
            let cut = heavy.cut(toCharacters: limit)
            #expect(cut.utf8.count <= 4 * limit)
            #expect(cut.count <= limit)
            #expect(cut.hasSuffix("…"))
        }
        // The first character keeps as many of its marks as fit: 1 + 2 × 126 bytes, then "…" (3).
        #expect(heavy.cut(toCharacters: 64).utf8.count == 1 + 2 * 126 + 3)
    }

    @Test("a cut never splits a Unicode scalar", arguments: 1...24)
    func scalarBoundaries(limit: Int) {
        let text = String(repeating: "a🙂é\u{301}中", count: 20)
        let cut = text.cut(toCharacters: limit)
        #expect(cut.utf8.count <= 4 * limit)
        #expect(cut.count <= limit)
        #expect(text.unicodeScalars.starts(with: cut.unicodeScalars.dropLast()))
    }

    @Test("signal names are cut by it: 256 characters and 1 KB")
    func signalNames() {
        let heavy = "a" + String(repeating: "\u{301}", count: 100_000)
        let signal = Signal<Int>.never().named(heavy)
        #expect(signal.name.utf8.count <= 4 * signalNameLimit)
        #expect(signal.name.hasSuffix("…"))
    }
}
