import Reactive
import Tracer

extension ScenarioFile {
    /// Parses a scenario file and checks every name in it.
    ///
    /// - Parameters:
    ///   - text: The file's contents.
    ///   - file: The path to name in errors.
    /// - Throws: ``ScenarioFileError`` for the first problem, with its line,
    ///   column, the line's text and what was expected there.
    public init(parsing text: String, file: String) throws(ScenarioFileError) {
        source = text
        path = file
        title = nil
        about = ""
        experiment = 0
        frame = 1
        expectations = []
        var parser = ScenarioParser(file: file)
        var lineNumber = 0
        var abouts: [String] = []
        for line in ScenarioLexer.lines(of: text) {
            lineNumber += 1
            do throws(ScenarioParser.Failure) {
                let tokens: [Token]
                do {
                    tokens = try ScenarioLexer.tokens(of: line)
                } catch {
                    throw ScenarioParser.Failure(column: error.column, message: error.message)
                }
                if !tokens.isEmpty {
                    var cursor = ScenarioParser.Cursor(tokens: tokens, endColumn: line.count + 1)
                    try parser.statement(&cursor, into: &self, about: &abouts, line: lineNumber)
                }
            } catch {
                // A line over the limit is kept only up to the limit: it may be 60 MB.
                throw ScenarioFileError(
                    file: file, line: lineNumber, column: error.column, message: error.message,
                    text: String(ScenarioLexer.limited(line).prefix(ScenarioLexer.maximumLineLength + 1)))
            }
        }
        about = abouts.joined(separator: " ")
        references = parser.references.all
        try checkNesting()
        try checkExpectationsAreUnambiguous()
    }
}
