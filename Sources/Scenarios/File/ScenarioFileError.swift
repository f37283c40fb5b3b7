/// A problem in a scenario file, with where it is and what was expected.
public struct ScenarioFileError: Error, Hashable, CustomStringConvertible {
    /// The file's path as given, or a name such as "<input>".
    public let file: String
    /// The 1-based line.
    public let line: Int
    /// The 1-based column, in characters.
    public let column: Int
    /// What is wrong and what was expected.
    public let message: String
    /// The text of the line, for the caret display.
    public let text: String

    /// Makes an error.
    public init(file: String, line: Int, column: Int, message: String, text: String) {
        self.file = file
        self.line = line
        self.column = column
        self.message = message
        self.text = text
    }

    /// `file:line:column: message`, then the line and a caret under the column.
    public var description: String {
        let shown = String(text.prefix(200)).map { $0.isASCII && $0.asciiValue! < 0x20 ? " " : $0 }
        let caret = String(repeating: " ", count: max(0, min(column - 1, 200))) + "^"
        return "\(file):\(line):\(column): \(message)\n    \(String(shown))\n    \(caret)"
    }
}
