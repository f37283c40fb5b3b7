import Foundation
import Testing

@Suite("An unknown scenario name")
struct UnknownScenarioTests {
    /// Every command that takes scenario names, with `NAME` where the name goes and `$TMP` for a new folder.
    static let commands: [[String]] = [
        ["render", "NAME"], ["graph", "NAME"], ["trace", "NAME"], ["compare", "cold", "NAME"],
        ["report", "cold", "NAME", "-o", "$TMP/site"], ["render", "NAME", "--scale", "300"],
    ]

    /// Runs `arguments` with `NAME` replaced by `name` in a new folder; returns the run and whether the folder is still empty.
    private func run(_ arguments: [String], name: String) throws -> (run: Run, wroteNothing: Bool) {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let run = try sigviz(arguments.map {
            $0 == "NAME" ? name : $0.replacingOccurrences(of: "$TMP", with: directory.path)
        })
        return (run, try FileManager.default.contentsOfDirectory(atPath: directory.path).isEmpty)
    }

    @Test("a name close to a built-in one: did you mean it, the subcommand's usage, exit status 64, nothing written",
          arguments: commands)
    func suggestion(arguments: [String]) throws {
        let (run, wroteNothing) = try run(arguments, name: "fetchdat")
        #expect(run.status == 64, "\(run.errors)")
        #expect(run.output.isEmpty && wroteNothing)
        #expect(run.errors.hasPrefix("Error: unknown scenario 'fetchdat'; did you mean 'fetchdata'?\nUsage: sigviz \(arguments[0]) "),
                "\(run.errors)")
        #expect(run.errors.contains("See 'sigviz \(arguments[0]) --help'"), "\(run.errors)")
    }

    @Test("the closest built-in name is suggested", arguments: [
        ("subjct-vs-replay", "subject-vs-replay"), ("replay-lazily", "replaylazily"), ("publsh", "publish"),
        ("Cold", "cold"), ("replaylas", "replaylast"),
    ])
    func closest(name: String, suggested: String) throws {
        let run = try sigviz("render", name)
        #expect(run.status == 64)
        #expect(run.errors.hasPrefix("Error: unknown scenario '\(name)'; did you mean '\(suggested)'?\n"), "\(run.errors)")
    }

    @Test("a name close to none: how to see the names, the subcommand's usage, exit status 64", arguments: commands)
    func noSuggestion(arguments: [String]) throws {
        let (run, wroteNothing) = try run(arguments, name: "zzzz")
        #expect(run.status == 64, "\(run.errors)")
        #expect(run.output.isEmpty && wroteNothing)
        #expect(run.errors.hasPrefix("""
            Error: unknown scenario 'zzzz'; `sigviz list` shows the built-in scenarios, or give a scenario file (.sigviz) \
            or a trace file (.json).
            Usage: sigviz \(arguments[0]) 
            """), "\(run.errors)")
    }

    @Test("the name is shown with its control characters escaped")
    func escaped() throws {
        let run = try sigviz("graph", "fetchdat\u{1B}[2J")
        #expect(run.status == 64)
        #expect(run.errors.hasPrefix("Error: unknown scenario 'fetchdat\\u{1B}[2J'; "), "\(run.errors)")
    }
}
