import Foundation
import Testing

@Suite("-o given twice")
struct RepeatedOutputTests {
    @Test("a repeated -o is a usage error naming the option and both values, and nothing is written", arguments: [
        ["render", "cold"], ["graph", "cold"], ["compare", "cold", "publish"], ["trace", "cold"], ["report", "cold"], ["docs", "scenarios"],
    ], [["-o", "a", "-o", "b"], ["--output", "a", "-o", "b"], ["--output=a", "--output=b"]])
    func refused(command: [String], outputs: [String]) throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let scenarios = directory.appendingPathComponent("scenarios")
        try FileManager.default.createDirectory(at: scenarios, withIntermediateDirectories: true)
        try Data("cold s: +1 next \"a\", +2 completed\nsubscribe \"A\" to s\n".utf8).write(to: scenarios.appendingPathComponent("s.sigviz"))
        let run = try sigviz(command + outputs, in: directory)
        #expect(run.status == 64, "\(run.errors)")
        #expect(run.errors.hasPrefix("Error: -o/--output was given twice (a, b); give it once.\nUsage: sigviz \(command[0]) "), "\(run.errors)")
        #expect(run.output.isEmpty)
        for name in ["a", "b"] { #expect(!FileManager.default.fileExists(atPath: directory.appendingPathComponent(name).path)) }
    }

    @Test("three times says so; once is fine")
    func counts() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let thrice = try sigviz(["render", "cold", "-o", "a", "-o", "b", "-o", "c"], in: directory)
        #expect(thrice.status == 64 && thrice.errors.hasPrefix("Error: -o/--output was given 3 times (a, b, c); give it once."), "\(thrice.errors)")
        let once = try sigviz(["render", "cold", "-o", "a.svg"], in: directory)
        #expect(once.status == 0, "\(once.errors)")
        #expect(FileManager.default.fileExists(atPath: directory.appendingPathComponent("a.svg").path))
    }
}
