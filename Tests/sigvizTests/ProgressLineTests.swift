import Foundation
import Scenarios
import Testing

@Suite("Progress on standard error")
struct ProgressLineTests {
    static let examples = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Examples/scenarios")

    /// The scenario files of Examples/scenarios, by file name, in the order docs takes them.
    static func exampleFiles() throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: examples.path).filter { $0.hasSuffix(".sigviz") }
            .sorted { $0.dropLast(".sigviz".count) < $1.dropLast(".sigviz".count) }
    }

    @Test("report on a terminal: a line per input, each over the one before, cleared before the summary")
    func reportOnTerminal() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let run = try sigvizOnTerminal(["report", "cold", "publish", "-o", directory.path])
        #expect(run.status == 0, "\(run.terminal)")
        #expect(run.terminal == "\r[1/2] cold\r[2/2] publish\r\(String(repeating: " ", count: 13))\r")
        #expect(run.output.hasPrefix("wrote "))
    }

    @Test("report of every built-in scenario on a terminal counts to 18, each line over the one before, and clears the last")
    func reportCatalog() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let run = try sigvizOnTerminal(["report", "-o", directory.path])
        let names = Catalog.scenarios.map(\.name)
        #expect(run.status == 0, "\(run.terminal)")
        let lines = names.enumerated().map { "[\($0.offset + 1)/\(names.count)] \($0.element)" }
        #expect(run.terminal.hasPrefix("\r" + lines[0]))
        for line in lines {
            #expect(run.terminal.contains("\r" + line), "\(line)")
        }
        // A line shorter than the one before has spaces over the rest of that one.
        for (line, next) in zip(lines, lines.dropFirst()) {
            #expect(run.terminal.contains("\r" + next + String(repeating: " ", count: max(0, line.count - next.count)) + "\r"), "\(next)")
        }
        #expect(run.terminal.hasSuffix("\r" + lines.last! + String(repeating: " ", count: max(0, lines[lines.count - 2].count - lines.last!.count))
            + "\r" + String(repeating: " ", count: lines.last!.count) + "\r"))
    }

    @Test("docs on a terminal: every scenario file counted, in parallel too, and cleared", arguments: ["1", "2"])
    func docsOnTerminal(jobs: String) throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let files = try Self.exampleFiles()
        let run = try sigvizOnTerminal(["docs", Self.examples.path, "-o", directory.path, "-j", jobs])
        #expect(run.status == 0, "\(run.terminal)")
        for step in 1...files.count {
            #expect(run.terminal.contains("\r[\(step)/\(files.count)] "), "step \(step)")
        }
        for file in files {
            #expect(run.terminal.contains("] \(file)"), "\(file)")
        }
        if jobs == "1" {
            let lines = files.enumerated().map { "[\($0.offset + 1)/\(files.count)] \($0.element)" }
            #expect(run.terminal.hasPrefix("\r" + lines[0]) && run.terminal.contains("\r" + lines[files.count - 1]))
        }
        #expect(run.terminal.hasSuffix(" \r"))
        #expect(run.output.hasSuffix(" written, 0 unchanged in \(directory.path)\n"))
    }

    @Test("an error ends the progress: the line is cleared and the message starts at its beginning")
    func errorAfterProgress() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let missing = directory.appendingPathComponent("missing.json").path
        let run = try sigvizOnTerminal(["report", "cold", missing, "-o", directory.appendingPathComponent("site").path])
        #expect(run.status == 1)
        let line = "[2/2] \(missing)"
        let terminal = run.terminal.replacingOccurrences(of: "\r\n", with: "\n")
        #expect(terminal.hasPrefix("\r[1/2] cold\r\(line)"), "\(terminal)")
        #expect(terminal.hasSuffix("\r\(String(repeating: " ", count: line.count))\rError: cannot read \(missing): no such file\n"),
                "\(terminal)")
    }

    @Test("a line wider than the terminal is cut short, so it never wraps")
    func narrowTerminal() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let run = try sigvizOnTerminal(["report", "cold", "cold-to-hot-autoconnect", "-o", directory.path], columns: 24)
        #expect(run.status == 0, "\(run.terminal)")
        #expect(run.terminal == "\r[1/2] cold\r[2/2] cold-to-hot-auto…\r\(String(repeating: " ", count: 23))\r")
    }

    @Test("one input: no progress line")
    func oneInput() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let run = try sigvizOnTerminal(["report", "cold", "-o", directory.path])
        #expect(run.status == 0)
        #expect(run.terminal.isEmpty, "\(run.terminal)")
    }

    @Test("standard error a file or a pipe: not a byte of progress", arguments: [["report", "-o", "$TMP/site"], ["docs", "$EXAMPLES", "-o", "$TMP/docs"]])
    func notATerminal(arguments: [String]) throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let arguments = arguments.map {
            $0.replacingOccurrences(of: "$TMP", with: directory.path).replacingOccurrences(of: "$EXAMPLES", with: Self.examples.path)
        }
        let toFile = try sigviz(arguments, standardOutput: .file(directory.appendingPathComponent("stdout").path))
        #expect(toFile.status == 0, "\(toFile.summary)")
        #expect(toFile.errors.isEmpty, "\(toFile.errors)")
        let toPipe = try sigviz(arguments)
        #expect(toPipe.status == 0, "\(toPipe.errors)")
        #expect(toPipe.errors.isEmpty, "\(toPipe.errors)")
    }
}
