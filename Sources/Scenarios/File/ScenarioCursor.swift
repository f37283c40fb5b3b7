import Reactive
import Tracer

extension ScenarioParser {
    /// The tokens of one line, consumed left to right.
    struct Cursor {
        let tokens: [Token]
        let endColumn: Int
        var index = 0

        var isAtEnd: Bool { index >= tokens.count }
        var current: Token? { isAtEnd ? nil : tokens[index] }
        var column: Int { current?.column ?? endColumn }

        func fail(_ message: String) -> Failure {
            Failure(column: column, message: message + ", found " + (current.map { "'\(ScenarioParser.shortened($0.text))'" } ?? "the end of the line"))
        }

        mutating func word(_ what: String) throws(Failure) -> String {
            guard let word = current?.word else { throw fail("expected \(what)") }
            index += 1
            return word
        }

        mutating func keyword(_ keyword: String) throws(Failure) {
            guard current?.word == keyword else { throw fail("expected '\(keyword)'") }
            index += 1
        }

        mutating func accept(_ keyword: String) -> Bool {
            guard current?.word == keyword else { return false }
            index += 1
            return true
        }

        mutating func accept(symbol: Character) -> Bool {
            guard current?.kind == .symbol(symbol) else { return false }
            index += 1
            return true
        }

        mutating func symbol(_ symbol: Character) throws(Failure) {
            guard accept(symbol: symbol) else { throw fail("expected '\(symbol)'") }
        }

        mutating func string(_ what: String) throws(Failure) -> String {
            guard case .string(let value)? = current?.kind else { throw fail("expected \(what) in double quotes") }
            index += 1
            return value
        }

        mutating func number(_ what: String) throws(Failure) -> Double {
            guard case .number(let value)? = current?.kind else { throw fail("expected \(what)") }
            index += 1
            return value
        }

        /// A time in seconds, at most 1,000,000: every time of a file (`at`, `until`, a cold
        /// signal's offsets) is read here, so that none can overflow the scheduler's nanoseconds.
        /// - Parameter errorColumn: Where a time past the limit is reported; the number's column by default.
        mutating func time(_ what: String, errorColumn: Int? = nil) throws(Failure) -> Double {
            let column = errorColumn ?? self.column
            let value = try number(what)
            guard value <= 1_000_000 else { throw Failure(column: column, message: "a time is at most 1000000 seconds") }
            return value
        }

        mutating func end() throws(Failure) {
            guard isAtEnd else { throw fail("expected the end of the line") }
        }
    }
}
