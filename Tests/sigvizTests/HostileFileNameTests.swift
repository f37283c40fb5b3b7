import Foundation
import Testing

// A file's name is the user's text too: printed anywhere (a parse error, check's lines, explain,
// docs' "created:" lines, a refusal), it is shown with its control and bidi characters escaped
// (issue 26, class 6).

@Suite("Hostile file names")
struct HostileFileNameTests {
    /// A name that would turn the terminal red, hide what follows and reorder it.
    static let name = "\u{1B}[31mred\u{202E}txt.sigviz"

    /// Runs sigviz with `arguments` in a folder holding `name` with `text`, and returns what it printed.
    private func printed(_ text: String, _ arguments: [String]) throws -> (status: Int32, printed: String) {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let folder = directory.appendingPathComponent("in")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try text.write(to: folder.appendingPathComponent(Self.name), atomically: true, encoding: .utf8)
        let run = try sigviz(arguments.map { $0 == "FILE" ? "in/" + Self.name : $0 }, in: directory)
        return (run.status, run.output + run.errors)
    }

    @Test("a malformed file's name is escaped in its parse error, in every command that reads it",
          arguments: [["trace", "FILE"], ["check", "FILE"], ["explain", "FILE"], ["render", "FILE", "-o", "x.svg"],
                      ["docs", "in", "-o", "out"], ["report", "FILE", "-o", "site"]])
    func parseErrors(arguments: [String]) throws {
        let (status, printed) = try printed("cold c: +1 nxt \"a\"\n", arguments)
        #expect(status != 0)
        #expect(unsafeCharacters(in: printed).isEmpty, "\(printed)")
        #expect(printed.contains("\\u{1B}[31mred\\u{202E}txt.sigviz"), "\(printed)")
    }

    @Test("a good file's name is escaped in check's, explain's and docs' lines, and in a limit's refusal",
          arguments: [["check", "FILE"], ["explain", "FILE"], ["docs", "in", "-o", "out"],
                      ["trace", "FILE", "--max-events", "5"]])
    func goodFile(arguments: [String]) throws {
        let text = "cold c: +1 next \"a\", +2 completed\nsubscribe \"A\" to c\nsubscribe \"B\" to c\nexpect \"A\" to c \"-a-|\"\n"
        let (_, printed) = try printed(text, arguments)
        #expect(unsafeCharacters(in: printed).isEmpty, "\(printed)")
        #expect(printed.contains("red\\u{202E}txt"), "\(printed)")
    }
}
