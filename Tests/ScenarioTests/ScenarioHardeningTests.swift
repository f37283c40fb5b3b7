import Foundation
import Scenarios
import Testing
import Tracer

@Suite("Scenario files: line endings, hostile text and big files")
struct ScenarioHardeningTests {
    // MARK: CRLF

    @Test("a CRLF file parses and runs exactly like its LF twin", arguments: try exampleFiles())
    func crlfLikeLF(file: String) throws {
        let text = try String(contentsOf: examplesDirectory.appendingPathComponent(file), encoding: .utf8)
        let crlf = text.replacingOccurrences(of: "\n", with: "\r\n")
        #expect(crlf.utf8.count > text.utf8.count)
        let lf = try ScenarioFile(parsing: text, file: file)
        let windows = try ScenarioFile(parsing: crlf, file: file)
        #expect(windows.title == lf.title)
        #expect(windows.about == lf.about)
        #expect(windows.expectations == lf.expectations)
        #expect(windows.scenario(named: "x").trace().json() == lf.scenario(named: "x").trace().json())
    }

    @Test("in a CRLF file, strings end before the CR, and an error at the end of a line points just after its last character")
    func crlfEndOfLine() throws {
        let file = try ScenarioFile(parsing: "title \"x\"\r\nabout \"y\"\r\n", file: "test.sigviz")
        #expect(file.title == "x")
        #expect(file.about == "y")
        let problem = try #require(error(parsing: "subject s\r\nsend s\r\n"))
        #expect(problem.line == 2)
        #expect(problem.column == 7)
        #expect(problem.message == "expected the value in double quotes, found the end of the line")
        #expect(problem.text == "send s")
    }

    @Test("a lone CR is still whitespace inside a line, not a line break")
    func loneCR() throws {
        let problem = try #require(error(parsing: "subject s\rsubject t"))
        #expect(problem.line == 1)
        #expect(problem.message == "expected the end of the line, found 'subject'")
    }

    // MARK: Hostile text in messages

    @Test("text quoted from the file is escaped in the message: a forged line stays on the message's line")
    func forgedLine() throws {
        let problem = try #require(error(parsing: """
            subject s
            let g = s | groupBy "\\nError: forged" = "a", "\\nError: forged" = "b"
            """))
        #expect(problem.message == #""\nError: forged" is given twice"#)
        let lines = problem.description.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.count == 3, "\(problem.description.debugDescription)")
        #expect(lines.first == #"test.sigviz:2:46: "\nError: forged" is given twice"#)
    }

    @Test("stray control, bidi and invisible characters are named by their escapes", arguments: [
        ("\u{0}", #"\u{0}"#), ("\u{1B}", #"\u{1B}"#), ("\u{7F}", #"\u{7F}"#), ("\u{9B}", #"\u{9B}"#), ("\u{202E}", #"\u{202E}"#),
        ("\u{2066}", #"\u{2066}"#), ("\u{200B}", #"\u{200B}"#), ("\u{FEFF}", #"\u{FEFF}"#), ("\u{2028}", #"\u{2028}"#),
        ("\u{2029}", #"\u{2029}"#), ("\u{C}", #"\u{C}"#),
    ])
    func strayCharacters(character: String, escape: String) throws {
        let problem = try #require(error(parsing: "subject s\(character)"))
        #expect(problem.column == 10)
        #expect(problem.message == "unexpected '\(escape)'")
        #expect(problem.description == "test.sigviz:1:10: unexpected '\(escape)'\n    subject s\(escape)\n             ^")
    }

    @Test("the line under the message is escaped, and the caret still points at the column")
    func caretAfterEscapes() throws {
        // Raw DEL, C1, bidi and separator characters are allowed in a string; the error is at 'extra'.
        let line = "send s \"\u{202E}\u{7F}\u{85}\u{2028}ab\" extra"
        let problem = try #require(error(parsing: "subject s\n" + line))
        #expect(problem.column == 17)
        let lines = problem.description.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(lines.count == 3)
        #expect(lines[1] == #"    send s "\u{202E}\u{7F}\u{85}\u{2028}ab" extra"#)
        #expect(lines[2].count == lines[1].distance(of: "extra") + 1 && lines[2].hasSuffix("^"), "\(lines)")
        #expect(!problem.description.unicodeScalars.contains { $0.properties.generalCategory == .control && $0 != "\n" })
    }

    @Test("a tab before the column shows as a space, keeping the caret under the column")
    func tabs() throws {
        let problem = try #require(error(parsing: "subject\ts\textra"))
        #expect(problem.description == "test.sigviz:1:11: expected the end of the line, found 'extra'\n    subject s extra\n              ^")
    }

    @Test("a long line is shown around the column, at most 200 characters, with the caret under the column")
    func longLineWindow() throws {
        let line = "about \"" + String(repeating: "a", count: 5000) + "\" x" + String(repeating: "b", count: 3000)
        let problem = try #require(error(parsing: line))
        #expect(problem.column == 5010)
        let lines = problem.description.split(separator: "\n").map(String.init)
        #expect(lines[1].count <= 4 + 202)
        #expect(lines[1].hasPrefix("    …") && lines[1].hasSuffix("…"))
        let caret = lines[2].count - 1
        #expect(Array(lines[1])[caret] == "x", "\(lines)")
        // The word found there is quoted shortened, so the message stays short.
        #expect(problem.message == "expected the end of the line, found 'x\(String(repeating: "b", count: 58))…'")
    }

    @Test("a line of characters made long by zero-width joiners is shown within 1,500 bytes, each character within 16, the caret under the column")
    func joinerLine() throws {
        // "a" and five zero-width joiners: one character of 16 bytes, escaped to 41.
        let joined = "a" + String(repeating: "\u{200D}", count: 5)
        let line = String(repeating: joined, count: 150) + " x" + String(repeating: joined, count: 150)
        let problem = try #require(error(parsing: "about \"t\" " + line))
        let lines = problem.description.split(separator: "\n").map(String.init)
        #expect(lines[1].utf8.count <= 4 + 1_500 + 2 * 3, "\(lines[1].utf8.count) bytes")
        #expect(lines[1].contains("a\\u{200D}…a\\u{200D}…"), "each character is cut to whole escapes of 16 bytes")
        let caret = lines[2].count - 1
        #expect(Array(lines[1])[caret] == "a", "the caret is under the column's character")
        #expect(problem.description.utf8.count < 4_000)
    }

    @Test("a message is cut to 500 characters, whatever it quotes")
    func messageCut() {
        let problem = ScenarioFileError(file: "f", line: 1, column: 1, message: String(repeating: "m", count: 10_000), text: "")
        #expect(problem.message.count == 500)
        #expect(problem.message.hasSuffix("…"))
    }

    @Test("every refusal that quotes a word, a value or a character of the file quotes it cut", arguments: [
        "title \"\\TEXT\"",
        "cold c: +1 next \"v\"\n@TEXT",
        "cold c: +1 TEXT \"v\"",
        "cold c \"-a|\" values TEXT = \"v\"",
        "cold c \"-a|\" values a = \"v\", TEXT = \"w\"",
        "cold c: +1 next \"v\"\nlet g = c | groupBy \"TEXT\" = \"k\", \"TEXT\" = \"k\"",
        "cold c: +1 next \"v\"\nlet TEXT = c | groupBy \"v\" = \"k\"\nsubscribe \"A\" to TEXT",
        "cold c: +1 next \"v\"\nat 1 TEXT",
    ])
    func quotedCut(position: String) throws {
        // A word of 4,000 letters is refused at every position; one character of 18 KB is refused
        // where a word is (it is a letter), and allowed as a value's key.
        let word = String(repeating: "w", count: 4_000), heavy = "a" + String(repeating: "\u{301}", count: 9_000)
        _ = try #require(error(parsing: position.replacingOccurrences(of: "TEXT", with: word)))
        for text in [word, heavy] {
            guard let problem = error(parsing: position.replacingOccurrences(of: "TEXT", with: text)) else { continue }
            #expect(problem.message.utf8.count < 400, "\(problem.message.utf8.count) bytes: \(problem.message.prefix(80))")
            #expect(problem.description.utf8.count < 2_000)
        }
    }

    // MARK: Names that are not declared

    @Test("up to 5 names declared so far are all listed")
    func fewNames() throws {
        let text = (1...5).map { "subject n\($0)" }.joined(separator: "\n") + "\nsubscribe \"A\" to ghost"
        let problem = try #require(error(parsing: text))
        #expect(problem.message == "'ghost' is not declared; the names so far are n1, n2, n3, n4, n5")
    }

    @Test("of more names, the 5 closest by edit distance are listed, with how many there are")
    func closestNames() throws {
        let names = ["connection", "coldSignal", "subject", "replayed", "conection2", "other", "network", "collection"]
        let text = names.map { "subject \($0)" }.joined(separator: "\n") + "\nconnect conection"
        let problem = try #require(error(parsing: text))
        #expect(problem.message == "'conection' is not declared; the closest of the 8 names so far are conection2, connection, collection, network, coldSignal")
    }

    @Test("200,000 names make a short message, quickly")
    func manyNames() throws {
        let text = (0..<200_000).map { "subject s\($0)" }.joined(separator: "\n") + "\nsubscribe \"A\" to s200000x"
        let clock = ContinuousClock()
        var problem: ScenarioFileError?
        let elapsed = clock.measure { problem = error(parsing: text) }
        let message = try #require(problem).message
        #expect(message == "'s200000x' is not declared; the closest of the 200000 names so far are s100000, s20000, s10000, s100001, s100002")
        #expect(elapsed < .seconds(30))
    }

    @Test("long names, words and numbers are shortened in messages")
    func longNames() throws {
        let long = String(repeating: "n", count: 5000)
        let problem = try #require(error(parsing: "subject \(long)\nsubscribe \"A\" to \(long)x"))
        #expect(problem.message == "'\(String(repeating: "n", count: 59))…' is not declared; the names so far are \(String(repeating: "n", count: 59))…")
        let again = try #require(error(parsing: "subject \(long)\nsubject \(long)"))
        #expect(again.message == "'\(String(repeating: "n", count: 59))…' is already declared")
        let kind = try #require(error(parsing: "subject \(long)\nconnect \(long)"))
        #expect(kind.message == "'\(String(repeating: "n", count: 59))…' is a subject, but a connection is needed here")
        let number = try #require(error(parsing: "frame " + String(repeating: "1", count: 5000)))
        #expect(number.message == "'\(String(repeating: "1", count: 59))…' is not a number")
        let statement = try #require(error(parsing: String(repeating: "w", count: 5000)))
        #expect(statement.message.hasPrefix("unknown statement '\(String(repeating: "w", count: 59))…'; expected title,"))
        let op = try #require(error(parsing: "subject s\nlet x = s | " + String(repeating: "o", count: 5000)))
        #expect(op.message.hasPrefix("'\(String(repeating: "o", count: 59))…' is not an operator; the closest operators are "))
    }

    // MARK: Long lines

    @Test("the 10,000 limit counts characters, not bytes")
    func limitInCharacters() throws {
        let fits = "about \"" + String(repeating: "é", count: 9_992) + "\""
        #expect(fits.count == 10_000 && fits.utf8.count > 10_000)
        #expect(error(parsing: fits) == nil)
        let over = try #require(error(parsing: "subject s\n" + fits + " "))
        #expect(over.line == 2 && over.column == 10_001)
        #expect(over.message == "a line may have at most 10000 characters")
    }

    @Test("the error for a line over the limit keeps only the first 10,001 characters of it")
    func overLongLineText() throws {
        let problem = try #require(error(parsing: "#" + String(repeating: "x", count: 1_000_000)))
        #expect(problem.text.count == 10_001)
    }
}

extension String {
    /// The number of characters before the first `part`.
    fileprivate func distance(of part: String) -> Int {
        guard let range = range(of: part) else { return -1 }
        return self.distance(from: startIndex, to: range.lowerBound)
    }
}
