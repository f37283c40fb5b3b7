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

        /// The forms a time is written in, for messages.
        static let timeForms = "seconds as 1.5 or 1.5s, or milliseconds as 300ms"

        /// A time in seconds, at most 1,000,000: every time of a file (`at`, `until`, a cold
        /// signal's offsets, an operator's seconds, the frame) is read here, so that none can
        /// overflow the scheduler's nanoseconds. It is a number of seconds, with its unit written
        /// against it or without: `1.5`, `1.5s`, `300ms`.
        /// - Parameter errorColumn: Where a time past the limit is reported; the number's column by default.
        mutating func time(_ what: String, errorColumn: Int? = nil) throws(Failure) -> Double {
            let column = errorColumn ?? self.column
            guard case .number(var value)? = current?.kind, let number = current else {
                throw fail("expected \(what) (\(Self.timeForms))")
            }
            index += 1
            // A unit written against the number: `1s`, `300ms` (a word after a space is the next word).
            if let unit = current, case .word(let word) = unit.kind, unit.column == number.column + number.text.count {
                switch word {
                case "s": break
                case "ms": value /= 1000
                default:
                    throw Failure(column: unit.column, message: "'\(ScenarioParser.shortened(word))' is not a unit of time: write \(Self.timeForms)")
                }
                index += 1
            }
            guard value <= 1_000_000 else { throw Failure(column: column, message: "a time is at most 1000000 seconds") }
            return value
        }

        mutating func end() throws(Failure) {
            guard isAtEnd else { throw fail("expected the end of the line") }
        }
    }
}
