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

    /// Makes an error; `message` is escaped as ``message`` says.
    public init(file: String, line: Int, column: Int, message: String, text: String) {
        self.file = file
        self.line = line
        self.column = column
        self.message = visiblyEscaped(message)
        self.text = text
    }

    /// The most characters of the line shown under the message.
    static let shownCharacters = 200
    /// The most bytes of UTF-8 one character of the line is shown with: a longer one (a letter
    /// with thousands of combining marks) is shown cut, ending in "…".
    static let shownBytesPerCharacter = 16

    /// `file:line:column: message`, then the line and a caret under the column.
    ///
    /// The line is escaped like the message (a tab shows as a space), and the caret is placed under
    /// the escaped column. A long line is shown as at most 200 of its characters around the column,
    /// with `…` where it is cut, and a character of more than 16 bytes is cut too, so the message
    /// stays short whatever the line holds.
    public var description: String {
        let characters = Array(text.prefix(max(column, 1) + Self.shownCharacters))
        let index = max(0, min(column - 1, characters.count))
        let start = index > Self.shownCharacters * 3 / 4 ? index - Self.shownCharacters / 2 : 0
        let end = min(characters.count, start + Self.shownCharacters)
        func shown(_ part: ArraySlice<Character>) -> String {
            var text = ""
            for character in part {
                if character == "\t" {
                    text.append(" ")
                } else if character.utf8.count > Self.shownBytesPerCharacter {
                    text += String(character).cut(toCharacters: Self.shownBytesPerCharacter / 4)
                } else {
                    text.append(character)
                }
            }
            return visiblyEscaped(text)
        }
        let before = (start > 0 ? "…" : "") + shown(characters[start..<index])
        let after = shown(characters[index..<end]) + (end < characters.count ? "…" : "")
        let caret = String(repeating: " ", count: before.count) + "^"
        return "\(file):\(line):\(column): \(message)\n    \(before)\(after)\n    \(caret)"
    }
}
