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
        warnings = Self.templateWarnings(statements, references: references, filling: Set(parser.filling.all))
        try checkNesting()
        try checkExpectationsAreUnambiguous()
    }

    /// A warning for each use of a cold signal with `{}` in its events (or its attempts') where no
    /// value fills it: subscribed to as it is, it sends `{}` as written.
    static func templateWarnings(
        _ statements: [AtLine<Statement>], references: [NameReference], filling: Set<NameReference>
    ) -> [Warning] {
        var templated: Set<String> = []
        for statement in statements {
            let (name, timeline): (String, Timeline)
            switch statement.value {
            case .cold(let cold, let events): (name, timeline) = (cold, events)
            case .attempts(let cold, let attempts): (name, timeline) = (cold, attempts.timeline)
            default: continue
            }
            if timeline.contains(where: { $0.events.contains(where: \.isTemplate) }) { templated.insert(name) }
        }
        return references.filter { templated.contains($0.name) && !filling.contains($0) }.map { use in
            let name = ScenarioParser.shortened(use.name)
            return Warning(line: use.line, column: use.column, message: "'\(name)' has {} in its events, which only a value "
                + "fills, and here it is used as it is: its events are sent with {} as written; flattenMap \(name), "
                + "map \(name) or a command of \(name) makes one per value with {} filled")
        }
    }
}
