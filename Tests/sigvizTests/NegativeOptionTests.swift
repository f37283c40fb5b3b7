import Foundation
import Testing

@Suite("Negative numbers for numeric options")
struct NegativeOptionTests {
    @Test("a negative number is read as the option's value and refused by its own rule, not taken for an option",
          arguments: [
            (["render", "cold", "--scale", "-5"], "--scale must be a number of pixels per second between 0 and 100000."),
            (["compare", "cold", "publish", "--scale", "-1"], "--scale must be a number of pixels per second between 0 and 100000."),
            (["trace", "cold", "--format", "marbles", "--frame", "-0.1"], "--frame must be a positive number of seconds."),
            (["render", "cold", "--max-events", "-3"], "--max-events must be a number from 1 to 100000000."),
            (["docs", "Examples/scenarios", "-o", "unused", "-j", "-2"], "--jobs must be a number from 1 to 1024."),
          ])
    func refused(arguments: [String], message: String) throws {
        let run = try sigviz(arguments)
        #expect(run.status == 64, "\(run.errors)")
        #expect(run.errors.hasPrefix("Error: \(message)"), "\(run.errors)")
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
