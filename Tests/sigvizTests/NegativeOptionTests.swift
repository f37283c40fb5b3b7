import Foundation
import Testing

@Suite("Negative numbers for numeric options")
struct NegativeOptionTests {
    @Test("a negative number is read as the option's value and refused by the one rule of positive numbers, not taken for an option",
          arguments: [
            (["render", "cold", "--scale", "-2"], "--scale must be positive and at most 100000, not -2 (pixels per second)."),
            (["render", "cold", "--scale=-2"], "--scale must be positive and at most 100000, not -2 (pixels per second)."),
            (["compare", "cold", "publish", "--scale", "-1"], "--scale must be positive and at most 100000, not -1 (pixels per second)."),
            (["graph", "cold", "--max-events", "-5"], "--max-events must be positive and at most 100000000, not -5 (events)."),
            (["trace", "cold", "--format", "marbles", "--frame", "-0.1"], "--frame must be positive and finite, not -0.1 (seconds per marble frame)."),
            // Without --format marbles, the number is still what is wrong first.
            (["trace", "cold", "--frame", "-1"], "--frame must be positive and finite, not -1 (seconds per marble frame)."),
            (["render", "cold", "--max-events", "-5"], "--max-events must be positive and at most 100000000, not -5 (events)."),
            (["report", "cold", "-o", "unused", "--max-events=-5"], "--max-events must be positive and at most 100000000, not -5 (events)."),
            (["docs", "Examples/scenarios", "-o", "unused", "-j", "-3"], "--jobs must be positive and at most 1024, not -3 (scenarios rendered at once)."),
            (["docs", "Examples/scenarios", "-o", "unused", "--jobs=-3"], "--jobs must be positive and at most 1024, not -3 (scenarios rendered at once)."),
            (["docs", "Examples/scenarios", "-o", "unused", "-j-3"], "--jobs must be positive and at most 1024, not -3 (scenarios rendered at once)."),
          ])
    func refused(arguments: [String], message: String) throws {
        let run = try sigviz(arguments)
        #expect(run.status == 64, "\(run.errors)")
        #expect(run.errors.hasPrefix("Error: \(message)\nUsage: sigviz \(arguments[0]) "), "\(run.errors)")
        #expect(!FileManager.default.fileExists(atPath: "unused"))
    }

    @Test("zero, too large, not a number or infinite: the same rule, with the number given", arguments: [
        (["render", "cold", "--scale", "0"], "--scale must be positive and at most 100000, not 0 (pixels per second)."),
        (["render", "cold", "--scale", "100001"], "--scale must be positive and at most 100000, not 100001 (pixels per second)."),
        (["render", "cold", "--scale", "nan"], "--scale must be positive and at most 100000, not nan (pixels per second)."),
        (["trace", "cold", "--format", "marbles", "--frame", "inf"], "--frame must be positive and finite, not inf (seconds per marble frame)."),
        (["render", "cold", "--max-events", "100000001"], "--max-events must be positive and at most 100000000, not 100000001 (events)."),
        (["docs", "Examples/scenarios", "-o", "unused", "-j", "1025"], "--jobs must be positive and at most 1024, not 1025 (scenarios rendered at once)."),
    ])
    func outOfRange(arguments: [String], message: String) throws {
        let run = try sigviz(arguments)
        #expect(run.status == 64, "\(run.errors)")
        #expect(run.errors.hasPrefix("Error: \(message)\n"), "\(run.errors)")
    }

    @Test("-j takes its number joined, as make does: -j1 runs one at a time")
    func joinedJobs() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let examples = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Examples/scenarios")
        let run = try sigviz(["docs", examples.path, "-o", directory.path, "-j1"])
        #expect(run.status == 0, "\(run.errors)")
        #expect(run.output.hasSuffix(" written, 0 unchanged in \(directory.path)\n"), "\(run.output)")
    }
}

@Suite("-o -")
struct DashOutputTests {
    @Test("-o - writes to standard output and makes no file named '-'", arguments: [
        ["render", "cold"], ["graph", "cold"], ["compare", "cold", "publish"], ["trace", "cold"],
    ])
    func standardOutput(arguments: [String]) throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let run = try sigviz(arguments + ["-o", "-"], in: directory)
        let plain = try sigviz(arguments, in: directory)
        #expect(run.status == 0, "\(run.errors)")
        #expect(run.output == plain.output && !run.output.isEmpty)
        #expect(!FileManager.default.fileExists(atPath: directory.appendingPathComponent("-").path))
    }
}
