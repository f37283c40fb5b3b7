@testable import Scenarios
import Testing

@Suite("Where a file's statements, sources and operators are")
struct SourcePositionTests {
    /// Each statement's line and, for a pipeline, the columns of its source and operators.
    private func positions(_ text: String) throws -> [String] {
        try ScenarioFile(parsing: text, file: "p.sigviz").statements.map { statement in
            guard case .pipeline(let name, let source, let operators) = statement.value else { return "\(statement.line)" }
            return "\(statement.line) \(name) \(source.column)" + operators.map { " |\($0.column)" }.joined()
        }
    }

    @Test("each statement knows its line, past comments, blank lines, titles and expectations", arguments: ["\n", "\r\n"])
    func statementLines(lineBreak: String) throws {
        let text = """
            # a comment
            title "t"

            cold c: +1 next "a"   # a comment after a statement
            subject s
            \t
            about "let x = c"
            behavior b "x"
            replay r capacity 2
            channel l f
            let p = c | map "{}"
            expect "A" to p "-a"
            at 1 send s "x"
            subscribe "A" to p
            complete s
            """.replacingOccurrences(of: "\n", with: lineBreak)
        #expect(try positions(text) == ["4", "5", "8", "9", "10", "11 p 9 |11", "13", "14", "15"])
    }

    @Test("a pipeline knows the column of its source and of the '|' before each operator, in characters",
          arguments: ["\n", "\r\n"])
    func pipelineColumns(lineBreak: String) throws {
        let text = """
            cold c: +1 next "a"
            subject s
            let a = c
              let\tb =  merge a, c|map "|{}|"   |  named "é🇫🇷" |take 1 # | map
            let d = defer return "{now}" | filter "a", "b" | concat a | publish | autoconnect
            let e = s | groupBy "1" = "odd"
            """.replacingOccurrences(of: "\n", with: lineBreak)
        #expect(try positions(text) == [
            "1", "2", "3 a 9", "4 b 12 |22 |36 |50", "5 d 9 |30 |48 |59 |69", "6 e 9 |11",
        ])
    }

    @Test("a pipeline on the last line, with and without a line break after it", arguments: ["", "\n", "\r\n", "\r\n\r\n"])
    func pipelineOnTheLastLine(end: String) throws {
        let text = "cold c: +1 next \"a\"\r\n\r\nlet p = c | take 1 | map \"{}\"" + end
        #expect(try positions(text) == ["1", "3 p 9 |11 |20"])
    }

    @Test("a line is found by its number as the parser reads it: LF or CRLF, a lone CR inside it")
    func lineByNumber() {
        let text = "one\r\ntwo\rstill two\n\nfour\r\n"
        #expect(ScenarioLexer.line(1, of: text) == "one")
        #expect(ScenarioLexer.line(2, of: text) == "two\rstill two")
        #expect(ScenarioLexer.line(3, of: text) == "")
        #expect(ScenarioLexer.line(4, of: text) == "four")
        #expect(ScenarioLexer.line(5, of: text) == "")
        #expect(ScenarioLexer.line(6, of: text) == "")
        #expect(Array(ScenarioLexer.lines(of: text)) == ["one", "two\rstill two", "", "four", ""])
        #expect(Array(ScenarioLexer.lines(of: "")) == [""])
    }

    @Test("an operator's column takes no room of its own in the tree")
    func columnsTakeNoRoom() {
        #expect(MemoryLayout<ScenarioFile.AtColumn<ScenarioFile.Operator>>.stride == MemoryLayout<ScenarioFile.Operator>.stride)
    }
    /// The error `checkNesting(limit:)` gives for `text`, or nil.
    private func nestingError(_ text: String, limit: Int) throws -> ScenarioFileError? {
        let file = try ScenarioFile(parsing: text, file: "n.sigviz")
        do {
            try file.checkNesting(limit: limit)
            return nil
        } catch {
            return error
        }
    }

    @Test("a nesting error points right past statement keywords and '|' in strings, comments and expectations",
          arguments: ["\n", "\r\n"])
    func nestingErrorPastLookalikes(lineBreak: String) throws {
        let text = """
            title "let subscribe send | connect"
            about "cold x: +1 next \\"a\\" | map"
            # let c = c | map "{}" | take 1
            cold c: +1 next "let", +2 completed

            let p = c | map "a|b" | filter "|", "let" | take 1   # | map
            expect "A" to p "-|"
            let q = p |	named "|" | map "subscribe|{}" | take 2
            """.replacingOccurrences(of: "\n", with: lineBreak)
        // p is 1, 2, 3 deep at its operators; q: 3, then 4 (named adds nothing), then 5.
        let atP = try #require(try nestingError(text, limit: 2))
        #expect(atP.line == 6)
        #expect(atP.column == 43, "the '|' before take 1")
        #expect(atP.text == #"let p = c | map "a|b" | filter "|", "let" | take 1   # | map"#)
        #expect(atP.message == "pipelines nest at most 2 levels deep, and this one reaches 3 here")
        let atQ = try #require(try nestingError(text, limit: 4))
        #expect(atQ.line == 8)
        #expect(atQ.column == 44, "the '|' before take 2")
        #expect(atQ.text == "let q = p |\tnamed \"|\" | map \"subscribe|{}\" | take 2")
        let atMap = try #require(try nestingError(text, limit: 3))
        #expect(atMap.line == 8)
        #expect(atMap.column == 23, "the '|' before map, after named")
    }

    @Test("a nesting error at a source, on the last line without a line break, after characters of several scalars")
    func nestingErrorAtASourceOnTheLastLine() throws {
        let text = "cold c: +1 next \"é🇫🇷\"\nlet p = c | map \"e\u{301}🇫🇷{}\"\r\nlet   m =\tmerge p, c"
        let error = try #require(try nestingError(text, limit: 1))
        #expect(error.line == 3)
        #expect(error.column == 11)
        #expect(error.text == "let   m =\tmerge p, c")
        let inMap = try #require(try nestingError("cold c: +1 next \"é🇫🇷\"\nlet p = c | map \"e\u{301}🇫🇷{}\" | take 1", limit: 1))
        #expect(inMap.line == 2)
        #expect(inMap.column == 24, "characters, not scalars or bytes")
    }
}
