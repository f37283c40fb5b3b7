import Tracer
import Reactive

/// A problem in a scenario file, with where it is and what was expected.
public struct ScenarioFileError: Error, Hashable, CustomStringConvertible {
    /// The file's path as given, or a name such as "<input>".
    public let file: String
    /// The 1-based line.
    public let line: Int
    /// The 1-based column, in characters.
    public let column: Int
    /// What is wrong and what was expected. Text quoted from the file in it is kept visible:
    /// control, format (bidi, zero-width, byte-order mark) and separator characters are written
    /// as escapes such as `\u{1B}` (``visiblyEscaped(_:)``), so it is one line that cannot drive a terminal.
    public let message: String
    /// The text of the line, for the caret display, as it is in the file.
    public let text: String

    /// Makes an error; `message` is escaped as ``message`` says, and cut to 500 characters.
    public init(file: String, line: Int, column: Int, message: String, text: String) {
        self.file = file
        self.line = line
        self.column = column
        self.message = visiblyEscaped(message).cut(toCharacters: Self.maximumMessageCharacters)
        self.text = text
    }

    /// The most characters of a message: a backstop, as the parts quoted from the file are cut first.
    static let maximumMessageCharacters = 500
    /// The most characters of the line shown under the message.
    static let shownCharacters = 200
    /// The most bytes of UTF-8 of the line shown under the message, escapes included.
    static let shownBytes = 1_500
    /// The most bytes of UTF-8 one character of the line is shown with, escapes included: a longer
    /// one (a letter with thousands of combining marks or zero-width joiners) is shown cut, ending in "…".
    static let shownBytesPerCharacter = 16

    /// `file:line:column: message`, then the line and a caret under the column.
    ///
    /// The line is escaped like the message (a tab shows as a space), and the caret is placed under
    /// the escaped column. A long line is shown as at most 200 of its characters and 1,500 bytes
    /// around the column, with `…` where it is cut, and a character of more than 16 bytes (escaped)
    /// is cut too, so the message stays short whatever the line holds.
    public var description: String {
        let characters = Array(text.prefix(max(column, 1) + Self.shownCharacters))
        let index = max(0, min(column - 1, characters.count))
        let windowStart = index > Self.shownCharacters * 3 / 4 ? index - Self.shownCharacters / 2 : 0
        let shown = characters[windowStart..<min(characters.count, windowStart + Self.shownCharacters)].map(Self.shown)
        // Positions in `shown`; over the byte budget, the longer side is cut, keeping the column.
        var start = 0, end = shown.count
        let caretAt = index - windowStart
        var beforeBytes = shown[..<caretAt].reduce(0) { $0 + $1.utf8.count }
        var afterBytes = shown[caretAt...].reduce(0) { $0 + $1.utf8.count }
        while beforeBytes + afterBytes > Self.shownBytes {
            if beforeBytes > afterBytes {
                beforeBytes -= shown[start].utf8.count
                start += 1
            } else {
                end -= 1
                afterBytes -= shown[end].utf8.count
            }
        }
        let before = (windowStart + start > 0 ? "…" : "") + shown[start..<caretAt].joined()
        let after = shown[caretAt..<end].joined() + (windowStart + end < characters.count ? "…" : "")
        let caret = String(repeating: " ", count: before.count) + "^"
        return "\(visiblyEscaped(file)):\(line):\(column): \(message)\n    \(before)\(after)\n    \(caret)"
    }

    /// One character of the line as shown: escaped like the message, a tab as a space, and cut to
    /// whole escaped scalars of at most ``shownBytesPerCharacter`` bytes, then "…".
    private static func shown(_ character: Character) -> String {
        if character == "\t" { return " " }
        let escaped = visiblyEscaped(String(character))
        guard escaped.utf8.count > shownBytesPerCharacter else { return escaped }
        var cut = ""
        for scalar in character.unicodeScalars {
            let next = visiblyEscaped(String(scalar))
            guard cut.utf8.count + next.utf8.count <= shownBytesPerCharacter else { break }
            cut += next
        }
        return cut + "…"
    }
}
