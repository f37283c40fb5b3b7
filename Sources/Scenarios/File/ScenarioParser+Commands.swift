import Reactive
import Tracer

/// The `command` statement and a command's signals.
extension ScenarioParser {
    /// `command NAME: SIGNAL [concurrent] [enabled NAME]`, the options in either order, each at most once.
    mutating func command(_ cursor: inout Cursor) throws(Failure) -> ScenarioFile.Statement {
        let nameColumn = cursor.column
        let name = try cursor.word("the command's name")
        guard names[name] == nil else { throw Failure(column: nameColumn, message: "'\(Self.shortened(name))' is already declared") }
        try cursor.symbol(":")
        let signals: [Kind] = [.signal, .subject, .connection, .terminal]
        let signalColumn = cursor.column
        let signal = try reference(&cursor, signals, what: "the signal each execution subscribes to")
        filling.note(signal, line: line, column: signalColumn)
        var concurrent = false
        var enabled: String?
        while !cursor.isAtEnd {
            let column = cursor.column
            switch try cursor.word("concurrent, enabled or the end of the line") {
            case "concurrent" where !concurrent: concurrent = true
            case "enabled" where enabled == nil:
                enabled = try reference(&cursor, signals, what: "a signal of \"true\" and \"false\"")
            case "concurrent", "enabled":
                throw Failure(column: column, message: "'\(cursor.tokens[cursor.index - 1].text)' may appear only once")
            case let other:
                throw Failure(column: column, message: "expected concurrent, enabled or the end of the line, found '\(Self.shortened(other))'")
            }
        }
        names[name] = .command
        return .command(name, signal: signal, concurrent: concurrent, enabled: enabled)
    }

    /// `.executing` and the like after a command's name in a pipeline's source.
    func commandSignal(_ cursor: inout Cursor, of command: String) throws(Failure) -> ScenarioFile.CommandSignal {
        let all = ScenarioFile.CommandSignal.allCases.map(\.rawValue)
        let listed = all.dropLast().map { "\(Self.shortened(command)).\($0)" }.joined(separator: ", ") + " or \(Self.shortened(command)).\(all.last!)"
        guard cursor.accept(symbol: ".") else {
            throw cursor.fail("'\(Self.shortened(command))' is a command: a pipeline starts from one of its signals, \(listed)")
        }
        let column = cursor.column
        let word = try cursor.word("one of the command's signals, \(listed)")
        guard let signal = ScenarioFile.CommandSignal(rawValue: word) else {
            throw Failure(column: column, message: "a command has no signal '\(Self.shortened(word))'; its signals are \(listed)")
        }
        return signal
    }
}
